import CVips

/// Reads a picture's header: its format from the first bytes, its size and frames from libvips,
/// which reads headers without decoding pixels; and checks that the file is whole.
struct PictureProbe {
    var info: PictureInfo
    /// The pixels are in the colours of an embedded ICC profile, to be converted to sRGB.
    var hasColourProfile: Bool

    init(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws {
        guard !bytes.isEmpty else { throw PictureError(.empty) }
        let format: PictureFormat
        switch FormatSniffer.sniff(bytes) {
        case .accepted(let accepted): format = accepted
        case .refused(let name): throw PictureError(.unsupportedFormat(name))
        case .unknown: throw PictureError(.unsupportedFormat(nil))
        }
        if CompletenessCheck.isTruncated(format, bytes) { throw PictureError(.truncated(format)) }
        try VipsRuntime.start()
        let header = try VipsImage.make({ PictureError(.damaged(format, $0)) }) { output in
            output.pointee = daybook_vips_header(bytes.baseAddress, bytes.count, "")
            return output.pointee == nil ? -1 : 0
        }
        let swapsSides = header.orientationSwapsSides
        info = PictureInfo(format: format,
                           width: swapsSides ? header.height : header.width,
                           height: swapsSides ? header.width : header.height,
                           frameCount: max(1, header.pageCount),
                           hasAlpha: header.hasAlpha)
        hasColourProfile = header.hasColourProfile
        // An SVG is drawn at no more than the display size, whatever size it claims.
        let decodedFrames = info.isAnimatedGIF ? info.frameCount : 1
        let pixels = Double(info.width) * Double(info.height) * Double(decodedFrames)
        if format != .svg && pixels > Double(maxPixels) {
            throw PictureError(.tooLarge(width: info.width, height: info.height, frames: decodedFrames, limit: maxPixels))
        }
    }
}
