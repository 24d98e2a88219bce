/// The page's icon, for the browser's tab, the home screen and the web app manifest: a green
/// rounded square with a white check mark, as PNG drawn here from the shape of `Page/icon.svg`
/// (no image files, no image library: a 2-bit palette image in stored deflate blocks).
enum PageIcon {
    /// The sizes the manifest names (Chrome installs an app with a 192 and a 512 pixel icon).
    static let png192 = png(size: 192)
    static let png512 = png(size: 512)
    static let png32 = png(size: 32)

    /// The icon drawn at `size` pixels: each pixel transparent, green or white, as the SVG.
    static func png(size: Int) -> [UInt8] {
        let scale = Double(size) / 100
        let check = [(27.0, 52.0), (43.0, 68.0), (74.0, 34.0)].map { ($0.0 * scale, $0.1 * scale) }
        let halfStroke = 4.5 * scale
        let radius = 20 * scale
        func color(_ x: Double, _ y: Double) -> UInt8 {
            // Outside the rounded corners: transparent.
            let cx = min(max(x, radius), Double(size) - radius)
            let cy = min(max(y, radius), Double(size) - radius)
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) > radius * radius { return 0 }
            for index in 0..<check.count - 1
            where distance(x, y, check[index], check[index + 1]) <= halfStroke {
                return 2
            }
            return 1
        }
        // Rows of 2-bit pixels, each after its filter byte (0: none).
        let rowBytes = (size * 2 + 7) / 8
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size * (rowBytes + 1))
        for y in 0..<size {
            pixels.append(0)
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<size {
                let value = color(Double(x) + 0.5, Double(y) + 0.5)
                row[x / 4] |= value << UInt8(6 - (x % 4) * 2)
            }
            pixels += row
        }
        var image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", bigEndian(UInt32(size)) + bigEndian(UInt32(size)) + [2, 3, 0, 0, 0], &image)
        chunk("PLTE", [0, 0, 0, 0x0A, 0x7D, 0x45, 0xFF, 0xFF, 0xFF], &image)
        chunk("tRNS", [0, 0xFF, 0xFF], &image)
        chunk("IDAT", zlibStored(pixels), &image)
        chunk("IEND", [], &image)
        return image
    }

    /// The distance from a point to a segment.
    private static func distance(
        _ x: Double, _ y: Double, _ a: (Double, Double), _ b: (Double, Double)
    ) -> Double {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let t = max(0, min(1, ((x - a.0) * dx + (y - a.1) * dy) / (dx * dx + dy * dy)))
        let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y)
        return (px * px + py * py).squareRoot()
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
            UInt8(value & 0xFF),
        ]
    }

    private static func chunk(_ type: String, _ data: [UInt8], _ image: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        image += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let isLast = start + count == data.count
            stream.append(isLast ? 1 : 0)
            stream += [UInt8(count & 0xFF), UInt8(count >> 8)]
            stream += [UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            stream += data[start..<start + count]
            start += count
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return stream + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
