import CVips

/// The few libvips operations publishing a picture needs.
extension VipsImage {
    /// Decodes a picture straight to at most `size`×`size` pixels, never enlarged: a JPEG is decoded
    /// at 1/2, 1/4 or 1/8 of its size when that is enough (shrink-on-load), an SVG is drawn at the
    /// size it needs. The orientation is applied; a colour profile is converted to sRGB.
    static func decode(_ bytes: UnsafeRawBufferPointer, format: PictureFormat, fitting size: Int,
                       allFrames: Bool, hasColourProfile: Bool) throws -> VipsImage {
        try make({ PictureError(.damaged(format, $0)) }) { output in
            daybook_vips_thumbnail_buffer(bytes.baseAddress, bytes.count, output, Int32(size), Int32(size),
                                          allFrames ? "n=-1" : "", hasColourProfile ? "srgb" : nil)
        }
    }

    /// This picture at most `width` pixels wide, height in proportion.
    func resized(toWidth width: Int, format: PictureFormat) throws -> VipsImage {
        try VipsImage.make({ PictureError(.damaged(format, $0)) }) { output in
            daybook_vips_thumbnail_image_to_width(pointer, output, Int32(width))
        }
    }

    /// 8 bits per band, sRGB or grey: what a browser assumes of a file without a colour profile.
    func inDisplayColours(format: PictureFormat) throws -> VipsImage {
        let error = { PictureError(.damaged(format, $0)) }
        var image = self
        switch interpretation {
        case DAYBOOK_VIPS_INTERPRETATION_sRGB, DAYBOOK_VIPS_INTERPRETATION_B_W:
            break
        case DAYBOOK_VIPS_INTERPRETATION_GREY16:
            image = try VipsImage.make(error) { daybook_vips_colourspace(image.pointer, $0, DAYBOOK_VIPS_INTERPRETATION_B_W) }
        default:
            image = try VipsImage.make(error) { daybook_vips_colourspace(image.pointer, $0, DAYBOOK_VIPS_INTERPRETATION_sRGB) }
        }
        if image.bandFormat != DAYBOOK_VIPS_FORMAT_UCHAR {
            image = try VipsImage.make(error) { daybook_vips_cast_uchar(image.pointer, $0) }
        }
        return image
    }

    /// The pixels computed once into memory: every rendition is then made from them.
    func inMemory(format: PictureFormat) throws -> VipsImage {
        try VipsImage.make({ PictureError(.damaged(format, $0)) }) { daybook_vips_copy_memory(pointer, $0) }
    }

    /// The picture without its alpha channel when no pixel is transparent: such a picture can be a
    /// JPEG. Meant for an image in memory (it reads every pixel).
    func droppingOpaqueAlpha(format: PictureFormat) throws -> VipsImage {
        guard hasAlpha else { return self }
        let error = { PictureError(.damaged(format, $0)) }
        let alpha = try VipsImage.make(error) { daybook_vips_extract_bands(pointer, $0, Int32(bands - 1), 1) }
        var least = 0.0
        guard daybook_vips_min(alpha.pointer, &least) == 0 else {
            throw error(VipsRuntime.takeError() ?? "libvips gave no reason")
        }
        guard least >= 255 else { return self }
        return try VipsImage.make(error) { daybook_vips_extract_bands(pointer, $0, 0, Int32(bands - 1)) }
    }

    /// The picture encoded with no metadata at all: no EXIF, XMP, IPTC, ICC profile, comment or text.
    func encoded(as published: PictureFormat, jpegQuality: Int, source: PictureFormat) throws -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32
        switch published {
        case .jpeg: status = daybook_vips_jpegsave_buffer(pointer, &buffer, &length, Int32(jpegQuality))
        case .gif: status = daybook_vips_gifsave_buffer(pointer, &buffer, &length)
        default: status = daybook_vips_pngsave_buffer(pointer, &buffer, &length)
        }
        guard status == 0, let buffer else {
            throw PictureError(.damaged(source, VipsRuntime.takeError() ?? "libvips gave no reason"))
        }
        defer { daybook_vips_free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
