import DiaryModel

/// Keeps a body's local pictures abstract: before rendering, each local image gets a marker for
/// its address that names the picture's number; after rendering, the markers are cut out of the
/// HTML and their places noted (`EntryBody.Picture`), for the page to fill in the address.
///
/// A marker is always found where it was put: a local image's address is always replaced by
/// one, a remote image's address has a scheme (a marker has no `:`), and no text of the body
/// can write `<img src="` (text is escaped and raw HTML is left out).
enum PictureMarkers {
    private static let prefix = "daybook-picture-"
    private static let markedTag = Array("<img src=\"\(prefix)".utf8)
    private static let tagOpening = "<img src=\"".utf8.count

    /// The address that stands for picture `number` while the body is rendered.
    static func marker(for number: Int) -> String {
        prefix + String(number)
    }

    /// `html` without its markers (each `src` left empty), and where each marked picture is.
    static func cut(_ html: String) -> (html: String, pictures: [EntryBody.Picture]) {
        var text = html
        let cut = text.withUTF8 { bytes -> (html: [UInt8], pictures: [EntryBody.Picture])? in
            var output: [UInt8] = []
            var pictures: [EntryBody.Picture] = []
            var copied = 0
            var position = 0
            while let tag = ByteSearch.firstMatch(of: markedTag, in: bytes, from: position) {
                let numberStart = tag + markedTag.count
                var numberEnd = numberStart
                var number = 0
                while numberEnd < bytes.count, (0x30...0x39).contains(bytes[numberEnd]), numberEnd - numberStart < 9 {
                    number = number * 10 + Int(bytes[numberEnd] - 0x30)
                    numberEnd += 1
                }
                position = numberEnd
                guard numberEnd > numberStart, numberEnd < bytes.count, bytes[numberEnd] == UInt8(ascii: "\""),
                      let close = bytes[numberEnd...].firstIndex(of: UInt8(ascii: ">")) else { continue }
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                let source = tag + tagOpening
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<source]))
                // Past the marker, output offsets are input offsets less what was cut so far.
                let sourceInOutput = output.count
                let tagEndInOutput = close + 1 - numberEnd + sourceInOutput
                pictures.append(EntryBody.Picture(number: number, tag: (sourceInOutput - tagOpening)..<tagEndInOutput,
                                                  source: sourceInOutput))
                copied = numberEnd
            }
            guard !pictures.isEmpty else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return (output, pictures)
        }
        guard let cut else { return (html, []) }
        return (String(decoding: cut.html, as: UTF8.self), cut.pictures)
    }
}
