import DiaryModel

/// Where everything of the site lives (SPEC §3): the one place that knows each page's and
/// file's path, both in the output folder and under `base_url`. Pages, published pictures and
/// search records all ask it.
public struct URLMap: Sendable {
    /// A page or file of the site.
    public enum Place: Sendable {
        case home
        case entry(Entry)
        case day(Day)
        case month(year: Int, month: Int)
        case year(Int)
        /// Page `page` (1-based) of all days.
        case archive(page: Int)
        case emotions
        /// Page `page` of the entries with the emotion `id`.
        case emotion(id: String, page: Int)
        case tags
        /// Page `page` of the entries with the tag whose slug is `slug`.
        case tag(slug: String, page: Int)
        /// Page `page` of every picture.
        case gallery(page: Int)
        case search
        /// The statistics page.
        case stats
        /// The "on this day" file of a calendar day (`on-this-day/03-02.json`).
        case onThisDay(OnThisDay.CalendarDay)
        /// The folder of the "on this day" files, which the home page's script reads from.
        case onThisDayFolder
        /// Every calendar day's "on this day" file in one, for an encrypted site (`on-this-day/calendar.deflate`):
        /// its reader fetches it whatever the date, so no request says which day the reader's today is.
        case onThisDayCalendar
        case notFound
        /// A published file of the picture `id` (`EntryImage.id`): its display version when `width`
        /// is nil, else its thumbnail that many pixels wide; `fileExtension` is the published format's.
        case picture(id: String, width: Int?, fileExtension: String)
        /// A file of the theme's `assets/`, by its path in the site (`assets/style.css`).
        case asset(String)
        case robots
    }

    /// The site's path on its server, starting and ending with `/`.
    public let baseURL: String

    public init(baseURL: String) {
        self.baseURL = baseURL
    }

    /// The URL of `place`: `base_url` and its path (`/diary/2025/10/20/`).
    public func url(of place: Place) -> String {
        baseURL + Self.path(of: place)
    }

    /// The entry's body HTML as its pages show it: each local picture at the URL of the file
    /// `picture` chooses for it, followed by the attributes it gives (escaped, each after a space).
    public func bodyHTML(of entry: Entry, picture: (EntryImage) -> (place: Place, attributes: String)) -> String {
        let images = entry.images
        return entry.body.html { number in
            // Pictures are numbered from 1 in order; a body names only pictures of its own entry.
            guard images.indices.contains(number - 1) else { return ("", "") }
            let (place, attributes) = picture(images[number - 1])
            return (url(of: place), attributes)
        }
    }

    /// The folder the published pictures are in, and nothing else.
    public static let pictureFolder = "images"

    /// The file `place` is written to, relative to the output folder (`2025/10/20/index.html`).
    public static func file(of place: Place) -> String {
        switch place {
        case .notFound, .onThisDay, .onThisDayCalendar, .picture, .asset, .robots: return path(of: place)
        default: return path(of: place) + "index.html"
        }
    }

    /// The path of `place` relative to `base_url` and to the output folder: a folder ending in
    /// `/` for a page (empty for the home page), the file's own path otherwise.
    public static func path(of place: Place) -> String {
        switch place {
        case .home: return ""
        case .entry(let entry): return "\(entry.day.path)/\(entry.slug)/"
        case .day(let day): return day.path + "/"
        case .month(let year, let month): return "\(Day.pad(year, 4))/\(Day.pad(month, 2))/"
        case .year(let year): return "\(Day.pad(year, 4))/"
        case .archive(let page): return paged("archive/", page)
        case .emotions: return "emotions/"
        case .emotion(let id, let page): return paged("emotions/\(id)/", page)
        case .tags: return "tags/"
        case .tag(let slug, let page): return paged("tags/\(slug)/", page)
        case .gallery(let page): return paged("gallery/", page)
        case .search: return "search/"
        case .stats: return "stats/"
        case .onThisDay(let day): return "on-this-day/\(day.name).json"
        case .onThisDayFolder: return "on-this-day/"
        case .onThisDayCalendar: return "on-this-day/calendar.deflate"
        case .notFound: return "404.html"
        case .picture(let id, let width?, let fileExtension): return "\(Self.pictureFolder)/\(id)-\(width).\(fileExtension)"
        case .picture(let id, nil, let fileExtension): return "\(Self.pictureFolder)/\(id).\(fileExtension)"
        case .asset(let path): return path
        case .robots: return "robots.txt"
        }
    }

    /// `base` for page 1, `base` + `page/N/` after it.
    private static func paged(_ base: String, _ page: Int) -> String {
        page == 1 ? base : "\(base)page/\(page)/"
    }
}
