import Foundation
import ZIPFoundation

/// The file an encrypted site publishes for "on this day" instead of one file per calendar day.
///
/// A plain site's home page asks for the file of its reader's today only, and each day's file is
/// as long as that day's entries make it. Encrypted, both would speak: a host's log would show
/// which file is which date, and a file's padded size how many entries a calendar day has. So an
/// encrypted site publishes every day's file in one, which its reader fetches on the home page
/// whatever the date and answers the page's request for a day from (`unlock.js`).
///
/// The file is a JSON object, day name (`03-02`) → that day's file as text, compressed with raw
/// DEFLATE (the browser's `DecompressionStream("deflate-raw")`): at 10,950 entries the object is
/// several megabytes of cards, which DEFLATE makes about three times smaller. Compressing before
/// encrypting tells an observer no more than the padded size of one file already does.
package enum OnThisDayCalendar {
    /// The published bytes for the days' files `parts` (name, the file's bytes), in calendar order.
    package static func file(holding parts: [(name: String, text: [UInt8])]) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "{")]
        json.reserveCapacity(parts.reduce(2) { $0 + $1.name.utf8.count + $1.text.count + 8 })
        for (position, part) in parts.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            JSONText.append(part.name, to: &json)
            json.append(UInt8(ascii: ":"))
            JSONText.append(String(decoding: part.text, as: UTF8.self), to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return deflated(json)
    }

    /// Raw DEFLATE of `bytes` (zlib, through ZIPFoundation, which the Day One importer already links).
    package static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        let input = Data(bytes)
        var output = Data()
        // Reading from memory into memory cannot fail; a failure here is a broken zlib.
        _ = try! Data.compress(size: Int64(input.count), bufferSize: 64 * 1024, provider: { position, size in
            input.subdata(in: Int(position)..<Int(position) + size)
        }, consumer: { output.append($0) })
        return [UInt8](output)
    }
}
