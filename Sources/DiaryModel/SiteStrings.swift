/// The site's own words (navigation, headings, buttons, empty states), in English and Korean.
/// The language of the diary's `locale` picks the table (Korean for `ko…`, English otherwise);
/// `strings:` in daybook.yml replaces any one of them.
///
/// A text with a count holds `{n}` for the number and, when the language needs a singular,
/// gives it first: `{n} entry|{n} entries` (templates print it with `| pluralize:`).
public enum SiteStrings {
    /// One word of the site: its key and its text in each built-in language.
    struct Word {
        var key: String
        var english: String
        var korean: String
    }

    /// Every key a template can use, in the order of the table.
    public static let keys: [String] = words.map(\.key)

    /// The site's words for `localeIdentifier`, with `overrides` (from `strings:`) taking the place
    /// of the built-in text for their keys.
    public static func table(for localeIdentifier: String, overrides: [String: String] = [:]) -> [String: String] {
        let korean = language(of: localeIdentifier) == "ko"
        var table: [String: String] = [:]
        for word in words { table[word.key] = korean ? word.korean : word.english }
        table.merge(overrides) { _, override in override }
        return table
    }

    /// The language part of a locale identifier: `ko` for `ko_KR`, `en` when there is none.
    public static func language(of localeIdentifier: String) -> String {
        localeIdentifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map { $0.lowercased() } ?? "en"
    }

    static let words: [Word] = [
        // Navigation and page titles
        Word(key: "home", english: "Home", korean: "홈"),
        Word(key: "archive", english: "Archive", korean: "보관함"),
        Word(key: "emotions", english: "Emotions", korean: "감정"),
        Word(key: "tags", english: "Tags", korean: "태그"),
        Word(key: "gallery", english: "Gallery", korean: "사진"),
        Word(key: "stats", english: "Stats", korean: "통계"),
        Word(key: "search", english: "Search", korean: "검색"),
        Word(key: "not_found", english: "Page not found", korean: "페이지를 찾을 수 없습니다"),
        Word(key: "site_navigation", english: "Site", korean: "사이트"),
        Word(key: "skip_to_content", english: "Skip to content", korean: "본문으로 건너뛰기"),
        Word(key: "years", english: "Years", korean: "연도"),
        Word(key: "private_diary", english: "a private diary", korean: "비공개 일기"),

        // Counts
        Word(key: "entry_count", english: "{n} entry|{n} entries", korean: "글 {n}편"),
        Word(key: "day_count", english: "{n} day|{n} days", korean: "{n}일"),
        Word(key: "word_count", english: "{n} word|{n} words", korean: "단어 {n}개"),
        Word(key: "years_ago", english: "{n} year ago|{n} years ago", korean: "{n}년 전"),

        // Home
        Word(key: "latest_entry", english: "Latest entry", korean: "최근 글"),
        Word(key: "open_entry", english: "Open this entry", korean: "이 글 열기"),
        Word(key: "on_this_day", english: "On this day", korean: "이날의 기록"),
        Word(key: "recent_days", english: "Recent days", korean: "최근 날들"),
        Word(key: "all_days_in_archive", english: "All days in the archive", korean: "보관함에서 모든 날 보기"),
        Word(key: "empty_diary_title", english: "Your diary is waiting", korean: "일기가 기다리고 있어요"),
        Word(key: "empty_diary_text", english: "There are no entries yet. Write the first one, then build again:",
             korean: "아직 글이 없습니다. 첫 글을 쓰고 다시 빌드하세요:"),

        // Entries and days
        Word(key: "weather", english: "Weather", korean: "날씨"),
        Word(key: "draft", english: "Draft", korean: "초안"),
        Word(key: "photos", english: "Photos", korean: "사진"),
        Word(key: "photo_number", english: "Photo {n}", korean: "사진 {n}"),
        Word(key: "task_done", english: "Done", korean: "완료"),
        Word(key: "task_open", english: "To do", korean: "할 일"),
        Word(key: "previous", english: "Previous", korean: "이전 글"),
        Word(key: "next", english: "Next", korean: "다음 글"),
        Word(key: "previous_day", english: "Previous day", korean: "전날"),
        Word(key: "next_day", english: "Next day", korean: "다음 날"),
        Word(key: "whole_day", english: "Whole day", korean: "하루 전체"),
        Word(key: "whole_month", english: "Whole month", korean: "한 달 전체"),
        Word(key: "whole_year", english: "Whole year", korean: "한 해 전체"),
        Word(key: "neighbouring_entries", english: "Neighbouring entries", korean: "앞뒤 글"),
        Word(key: "neighbouring_days", english: "Neighbouring days", korean: "앞뒤 날"),
        Word(key: "up", english: "Up", korean: "위로"),

        // Months, years, archive
        Word(key: "months", english: "Months", korean: "달"),
        Word(key: "year_in_pixels", english: "Year in pixels", korean: "한 해의 픽셀"),
        Word(key: "year_in_pixels_label", english: "Each day coloured by its main emotion", korean: "날마다 가장 많았던 감정의 색"),
        Word(key: "year_in_review", english: "Year in review", korean: "한 해 돌아보기"),
        Word(key: "main_emotion_by_month", english: "The main emotion of each month", korean: "달마다 가장 많았던 감정"),
        Word(key: "days_written", english: "Days written", korean: "쓴 날"),
        Word(key: "busiest_day", english: "Busiest day", korean: "가장 많이 쓴 날"),
        Word(key: "all_stats", english: "All statistics", korean: "전체 통계"),
        Word(key: "years_and_months", english: "Years and months", korean: "연도와 달"),
        Word(key: "no_entries_this_month", english: "No entries this month.", korean: "이달에는 글이 없습니다."),
        Word(key: "no_entries_this_year", english: "No entries this year.", korean: "이해에는 글이 없습니다."),
        Word(key: "nothing_written", english: "Nothing written yet.", korean: "아직 쓴 글이 없습니다."),

        // Emotions, tags, gallery, pages
        Word(key: "no_emotions", english: "No emotions yet.", korean: "아직 감정이 없습니다."),
        Word(key: "no_entries_with_emotion", english: "No entries with this emotion yet.", korean: "이 감정의 글이 아직 없습니다."),
        Word(key: "no_tags", english: "No tags yet.", korean: "아직 태그가 없습니다."),
        Word(key: "no_entries_with_tag", english: "No entries with this tag yet.", korean: "이 태그의 글이 아직 없습니다."),
        Word(key: "no_photos", english: "No photos yet.", korean: "아직 사진이 없습니다."),
        Word(key: "pages", english: "Pages", korean: "페이지"),
        Word(key: "newer", english: "Newer", korean: "최신"),
        Word(key: "older", english: "Older", korean: "이전"),

        // Statistics
        Word(key: "streaks", english: "Writing streaks", korean: "연속 기록"),
        Word(key: "current_streak", english: "Current streak", korean: "현재 연속 기록"),
        Word(key: "current_streak_note", english: "Days in a row with an entry, up to the newest one",
             korean: "가장 최근 글까지 하루도 빠짐없이 쓴 날"),
        Word(key: "longest_streak", english: "Longest streak", korean: "최장 연속 기록"),
        Word(key: "month_by_month", english: "Month by month", korean: "월별"),
        Word(key: "entries_per_month", english: "Entries per month, by emotion", korean: "달마다 쓴 글과 감정"),
        Word(key: "words_per_month", english: "Words per month", korean: "달마다 쓴 단어"),
        Word(key: "by_weekday", english: "By day of the week", korean: "요일별"),
        Word(key: "by_hour", english: "By hour of the day", korean: "시간대별"),
        Word(key: "tags_and_emotions", english: "Tags and the emotions they go with", korean: "태그와 함께한 감정"),
        Word(key: "more_tags", english: "{n} more tag|{n} more tags", korean: "태그 {n}개 더 보기"),
        Word(key: "show_numbers", english: "Show the numbers", korean: "숫자로 보기"),
        Word(key: "month", english: "Month", korean: "달"),
        Word(key: "weekday", english: "Day", korean: "요일"),
        Word(key: "hour", english: "Hour", korean: "시각"),
        Word(key: "entries", english: "Entries", korean: "글"),
        Word(key: "words", english: "Words", korean: "단어"),
        Word(key: "stats_counting_note", english: "Each entry counts once, for its first emotion; times are the diary's own.",
             korean: "글마다 첫 번째 감정으로 한 번씩 셉니다. 시각은 일기의 시간대 기준입니다."),
        Word(key: "no_stats", english: "Nothing to count yet.", korean: "아직 셀 것이 없습니다."),

        // Search and not found
        Word(key: "search_label", english: "Search titles, text, tags and emotions", korean: "제목, 본문, 태그, 감정 검색"),
        Word(key: "search_needs_javascript", english: "Searching needs JavaScript, which is turned off here.",
             korean: "검색에는 자바스크립트가 필요한데, 지금 꺼져 있습니다."),
        Word(key: "show_more", english: "Show more", korean: "더 보기"),
        Word(key: "searching", english: "Searching…", korean: "찾는 중…"),
        Word(key: "search_matches", english: "{n} entry matches.|{n} entries match.", korean: "글 {n}편을 찾았습니다."),
        Word(key: "search_no_matches", english: "No entries match “{q}”.", korean: "“{q}”에 맞는 글이 없습니다."),
        Word(key: "search_failed", english: "Search failed: {error}", korean: "검색하지 못했습니다: {error}"),
        Word(key: "search_sort", english: "Sort", korean: "정렬"),
        Word(key: "search_sort_rank", english: "Best match", korean: "관련도순"),
        Word(key: "search_sort_date", english: "Newest first", korean: "최신순"),
        Word(key: "search_facets", english: "Narrow the results", korean: "결과 좁히기"),
        Word(key: "search_by_emotion", english: "By emotion", korean: "감정별"),
        Word(key: "search_by_tag", english: "By tag", korean: "태그별"),
        Word(key: "search_by_year", english: "By year", korean: "연도별"),
        Word(key: "footnote_back", english: "Back to content", korean: "본문으로 돌아가기"),
        Word(key: "not_found_text", english: "This page isn’t in the diary. It may have moved, or the address has a typo.",
             korean: "일기에 없는 페이지입니다. 옮겨졌거나 주소에 오타가 있을 수 있습니다."),
        Word(key: "go_to_latest", english: "Go to the latest entry", korean: "최근 글로 가기"),
        Word(key: "browse_archive", english: "Browse the archive", korean: "보관함 둘러보기"),

        // The unlock page and the reader of an encrypted site
        Word(key: "unlock_title", english: "Private diary", korean: "비공개 일기"),
        Word(key: "unlock_text", english: "This diary is encrypted. Enter its password to read it.",
             korean: "암호화된 일기입니다. 읽으려면 비밀번호를 입력하세요."),
        Word(key: "password", english: "Password", korean: "비밀번호"),
        Word(key: "remember_device", english: "Remember on this device", korean: "이 기기에서 기억하기"),
        Word(key: "remember_for", english: "for", korean: "기간"),
        Word(key: "remember_for_label", english: "Remember for how long", korean: "기억할 기간"),
        Word(key: "unlock", english: "Unlock", korean: "열기"),
        Word(key: "unlock_needs_javascript", english: "Unlocking needs JavaScript, which is turned off here.",
             korean: "일기를 열려면 자바스크립트가 필요한데, 지금 꺼져 있습니다."),
        Word(key: "enter_password", english: "Enter the password.", korean: "비밀번호를 입력하세요."),
        Word(key: "unlocking", english: "Unlocking…", korean: "여는 중…"),
        Word(key: "wrong_password", english: "Wrong password. Try again.", korean: "비밀번호가 틀렸습니다. 다시 입력하세요."),
        Word(key: "unlock_failed", english: "Could not unlock: {error}", korean: "일기를 열지 못했습니다: {error}"),
        Word(key: "unlock_needs_https",
             english: "This diary can be unlocked only over https:// (or on this computer, http://localhost): "
                 + "the browser keeps its cryptography from other pages.",
             korean: "이 일기는 https:// (또는 이 컴퓨터의 http://localhost)에서만 열 수 있습니다. "
                 + "브라우저가 다른 페이지에는 암호 기능을 주지 않습니다."),
        Word(key: "nothing_here", english: "There is nothing at this address.", korean: "이 주소에는 아무것도 없습니다."),
        Word(key: "go_to_start", english: "Go to the start", korean: "처음으로 가기"),
        Word(key: "page_failed", english: "Could not open this page", korean: "이 페이지를 열지 못했습니다"),
        Word(key: "file_missing", english: "there is no {address}", korean: "{address} 파일이 없습니다"),
        Word(key: "file_damaged",
             english: "{address} could not be decrypted: it was changed or damaged after the diary was built",
             korean: "{address} 파일을 풀지 못했습니다. 일기를 빌드한 뒤에 바뀌었거나 손상되었습니다"),
        Word(key: "file_unavailable", english: "could not load {address} ({status})",
             korean: "{address} 파일을 불러오지 못했습니다 ({status})"),
        Word(key: "lock", english: "Lock", korean: "잠그기"),
        Word(key: "lock_title", english: "Lock the diary: forget its key on this device and in its other open tabs",
             korean: "일기 잠그기: 이 기기와 열려 있는 다른 탭에서 일기의 키를 지웁니다"),
        Word(key: "remember_warning",
             english: "Without a passkey, this device’s storage can read the diary until you press Lock, "
                 + "and a copy of that storage can read it until the diary’s key is replaced (daybook keys rotate).",
             korean: "패스키 없이 기억하면 잠그기를 누를 때까지 이 기기의 저장소로 일기를 읽을 수 있고, "
                 + "그 저장소의 사본으로는 일기의 키를 바꿀 때까지(daybook keys rotate) 읽을 수 있습니다."),
        Word(key: "unlock_passkey", english: "Unlock with a passkey", korean: "패스키로 열기"),
        Word(key: "use_recovery_key", english: "Use a recovery key", korean: "복구 키 사용하기"),
        Word(key: "recovery_key", english: "Recovery key", korean: "복구 키"),
        Word(key: "unlock_with_recovery", english: "Unlock with the recovery key", korean: "복구 키로 열기"),
        Word(key: "enter_recovery_key", english: "Enter the recovery key.", korean: "복구 키를 입력하세요."),
        Word(key: "recovery_key_typo", english: "This is not a recovery key: check its 28 letters and digits.",
             korean: "복구 키가 아닙니다. 글자와 숫자 28개를 확인하세요."),
        Word(key: "wrong_recovery_key", english: "This recovery key does not open the diary.",
             korean: "이 복구 키로는 일기를 열 수 없습니다."),
        Word(key: "unlocking_passkey", english: "Waiting for the passkey…", korean: "패스키를 기다리는 중…"),
        Word(key: "passkey_failed", english: "The passkey did not open the diary ({error}). Use the password.",
             korean: "패스키로 일기를 열지 못했습니다({error}). 비밀번호를 입력하세요."),
        Word(key: "key_changed", english: "The diary’s key has changed since this device kept it. Unlock with the password.",
             korean: "이 기기가 일기의 키를 보관한 뒤로 키가 바뀌었습니다. 비밀번호로 여세요."),
        Word(key: "passkey_offer_title", english: "Open with a passkey next time?", korean: "다음에는 패스키로 열까요?"),
        Word(key: "passkey_offer_text",
             english: "Face ID, Touch ID, Windows Hello or a security key opens the diary on this device without the password. "
                 + "The device keeps the diary’s key only locked by the passkey.",
             korean: "Face ID, Touch ID, Windows Hello 또는 보안 키로 이 기기에서 비밀번호 없이 일기를 엽니다. "
                 + "기기에는 패스키로 잠긴 일기의 키만 남습니다."),
        Word(key: "passkey_offer", english: "Use a passkey on this device", korean: "이 기기에서 패스키 사용하기"),
        Word(key: "passkey_not_now", english: "Not now", korean: "나중에"),
        Word(key: "passkey_no_prf",
             english: "This browser or passkey cannot keep the diary’s key (it has no PRF extension). Keep using the password.",
             korean: "이 브라우저나 패스키는 일기의 키를 보관할 수 없습니다(PRF 확장 없음). 비밀번호를 계속 사용하세요."),
        Word(key: "passkey_not_made", english: "No passkey was made ({error}).", korean: "패스키를 만들지 못했습니다({error})."),
        Word(key: "passkey_ready", english: "This device now opens the diary with the passkey.",
             korean: "이제 이 기기에서 패스키로 일기를 엽니다."),
        Word(key: "passkey_code_text",
             english: "To open the diary with this passkey on your other devices too, run this where the diary is built:",
             korean: "다른 기기에서도 이 패스키로 일기를 열려면, 일기를 빌드하는 컴퓨터에서 다음을 실행하세요:"),
        Word(key: "passkey_copy", english: "Copy", korean: "복사"),
        Word(key: "passkey_copied", english: "Copied.", korean: "복사했습니다."),
        Word(key: "passkey_done", english: "Done", korean: "닫기"),
        // Offline reading
        Word(key: "keep_offline", english: "Keep offline", korean: "오프라인으로 보관"),
        Word(key: "offline_intro", english: "Store the diary on this device to read it without a connection. Pages you open are kept anyway.",
             korean: "연결 없이 읽을 수 있도록 일기를 이 기기에 저장합니다. 열어 본 페이지는 따로 저장하지 않아도 남습니다."),
        Word(key: "offline_levels", english: "What to keep", korean: "보관할 범위"),
        Word(key: "offline_text", english: "Text and search", korean: "글과 검색"),
        Word(key: "offline_thumbnails", english: "Text, search and small pictures", korean: "글, 검색, 작은 사진"),
        Word(key: "offline_pictures", english: "Everything, full pictures included", korean: "전부 (큰 사진 포함)"),
        Word(key: "offline_size", english: "{size} in all", korean: "모두 {size}"),
        Word(key: "offline_kept_level", english: "Kept on this device", korean: "이 기기에 보관 중"),
        Word(key: "offline_remove", english: "Remove from this device", korean: "이 기기에서 지우기"),
        Word(key: "offline_removed", english: "Removed from this device. Pages you open from now on are kept as you read them.",
             korean: "이 기기에서 지웠습니다. 앞으로 여는 페이지는 읽는 대로 남습니다."),
        Word(key: "offline_measuring", english: "Working out the sizes…", korean: "크기를 계산하는 중…"),
        Word(key: "offline_progress", english: "Storing… {done} of {total} files, {size}", korean: "저장하는 중… 파일 {total}개 중 {done}개, {size}"),
        Word(key: "offline_done", english: "Stored for offline reading: {size}.", korean: "오프라인으로 읽을 수 있게 저장했습니다: {size}."),
        Word(key: "offline_kept", english: "Kept offline on this device.", korean: "이 기기에 오프라인으로 보관 중입니다."),
        Word(key: "offline_failed", english: "Could not store everything ({error}). Try again when online.",
             korean: "모두 저장하지 못했습니다({error}). 온라인일 때 다시 시도하세요."),
        Word(key: "offline_space", english: "This browser gives the site about {quota}; it uses {usage}.",
             korean: "이 브라우저가 사이트에 허락한 공간은 약 {quota}이며, {usage}를 쓰고 있습니다."),
        Word(key: "offline_ios", english: "On iPhone and iPad, Safari may delete what is stored after some weeks without a visit, unless the diary is added to the Home Screen.",
             korean: "iPhone과 iPad의 Safari는 몇 주 동안 방문하지 않으면 저장한 내용을 지울 수 있습니다. 일기를 홈 화면에 추가하면 지워지지 않습니다."),
        Word(key: "offline_update", english: "The diary has changed", korean: "일기가 바뀌었습니다"),
        Word(key: "offline_reload", english: "Reload", korean: "새로 고침"),
    ]
}
