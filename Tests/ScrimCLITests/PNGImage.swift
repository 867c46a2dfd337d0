import CZlib
import Foundation

/// A PNG file's pixels, for checking screenshots: 8-bit greyscale, RGB or RGBA, not interlaced.
struct PNGImage {
    let width: Int
    let height: Int
    private let channels: Int
    private let pixels: [UInt8]

    struct FormatError: Error, CustomStringConvertible { var description: String }

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count > 8, bytes[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
            throw FormatError(description: "\(url.path): not a PNG file")
        }
        func integer(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var offset = 8, width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = integer(at: offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length <= bytes.count else { throw FormatError(description: "\(url.path): truncated chunk") }
            switch type {
            case "IHDR":
                width = integer(at: body)
                height = integer(at: body + 4)
                let (depth, color, interlace) = (bytes[body + 8], bytes[body + 9], bytes[body + 12])
                guard depth == 8, interlace == 0, let count = [0: 1, 2: 3, 6: 4][Int(color)] else {
                    throw FormatError(description: "\(url.path): depth \(depth), colour type \(color), interlace \(interlace) not supported")
                }
                channels = count
            case "IDAT":
                compressed += bytes[body..<body + length]
            default:
                break
            }
            offset = body + length + 4
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var rawCount = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &rawCount, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(rawCount) == raw.count else {
            throw FormatError(description: "\(url.path): cannot inflate the image data (zlib status \(status))")
        }
        self.width = width
        self.height = height
        self.channels = channels
        pixels = try PNGImage.unfilter(raw, width: width, height: height, channels: channels)
    }

    /// The pixel at `(x, y)` as `(red, green, blue)`.
    subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let index = (y * width + x) * channels
        if channels == 1 { return (Int(pixels[index]), Int(pixels[index]), Int(pixels[index])) }
        return (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
    }

    /// Undoes PNG's per-row filters (none, sub, up, average, Paeth).
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            for column in 0..<stride {
                let x = Int(raw[row * (stride + 1) + 1 + column])
                let a = column >= channels ? Int(out[row * stride + column - channels]) : 0
                let b = row > 0 ? Int(out[(row - 1) * stride + column]) : 0
                let c = row > 0 && column >= channels ? Int(out[(row - 1) * stride + column - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw FormatError(description: "unknown PNG filter \(filter) in row \(row)")
                }
                out[row * stride + column] = UInt8((x + predictor) & 0xff)
            }
        }
        return out
    }
}
