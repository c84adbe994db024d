import DiaryModel

/// The words `daybook init` writes into a new diary, in the language of its `locale` (English,
/// or Korean for `ko…`, as the site's own words are, SPEC §10): the diary's title, the eight
/// default emotions' labels and aliases, and the first entry.
struct InitialDiaryWords: Equatable {
    var siteTitle: String
    var firstTitle: String
    var welcome: String
    /// The default emotions (`Emotion.defaults`), labelled in the language.
    var emotions: [Emotion]

    /// The locales `daybook init` offers when it asks; any other identifier is accepted too.
    static let offeredLocales = ["en_US", "ko_KR"]

    init(localeIdentifier: String) {
        guard SiteStrings.language(of: localeIdentifier) == "ko" else {
            self.init(siteTitle: "My Daybook", firstTitle: "Hello, Daybook", welcome: Self.englishWelcome, emotions: Emotion.defaults)
            return
        }
        let emotions = Emotion.defaults.map { emotion -> Emotion in
            guard let korean = Self.korean[emotion.id] else { return emotion }
            var labelled = emotion
            labelled.label = korean.label
            labelled.aliases = korean.aliases + emotion.aliases
            return labelled
        }
        self.init(siteTitle: "나의 감정일기", firstTitle: "안녕, Daybook", welcome: Self.koreanWelcome, emotions: emotions)
    }

    private init(siteTitle: String, firstTitle: String, welcome: String, emotions: [Emotion]) {
        self.siteTitle = siteTitle
        self.firstTitle = firstTitle
        self.welcome = welcome
        self.emotions = emotions
    }

    private static let korean: [String: (label: String, aliases: [String])] = [
        "happy": ("행복", ["기쁨"]), "sad": ("슬픔", ["우울"]), "angry": ("화남", ["분노"]), "anxious": ("불안", ["걱정"]),
        "calm": ("평온", ["차분"]), "grateful": ("감사", ["고마움"]), "tired": ("피곤", ["지침"]), "excited": ("설렘", ["신남"]),
    ]

    private static let englishWelcome = """
        This is your first entry. Write what happened today and how it felt.

        - Change `emotion:` above to one of the emotions in `daybook.yml`.
        - Add a new entry with `daybook new`: it asks how you felt and opens your editor.
        - See your diary as a website with `daybook serve`, then open http://127.0.0.1:4000/
          (it rebuilds and reloads the page whenever you save).
        - `daybook build` writes the site into `Output/`, where anyone who has its address can read it:
          before you put it on a web host, encrypt it with `daybook build --encrypt`
          (a password then opens it in the browser).

        """

    private static let koreanWelcome = """
        첫 번째 글입니다. 오늘 있었던 일과 그때의 기분을 적어 보세요.

        - 위의 `emotion:`을 `daybook.yml`에 있는 감정 가운데 하나로 바꾸세요.
        - `daybook new`로 새 글을 씁니다. 기분을 묻고 편집기를 열어 줍니다.
        - `daybook serve`를 실행하고 http://127.0.0.1:4000/ 을 열면 일기를 웹사이트로 볼 수 있습니다
          (저장할 때마다 다시 빌드하고 페이지를 새로 고칩니다).
        - `daybook build`는 사이트를 `Output/`에 씁니다. 그대로 올리면 주소를 아는 누구나 읽을 수 있으니,
          웹 호스트에 올리기 전에 `daybook build --encrypt`로 암호화하세요
          (그러면 브라우저에서 비밀번호로 엽니다).

        """
}
