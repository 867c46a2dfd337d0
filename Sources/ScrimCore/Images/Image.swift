import Foundation

/// A picture (`UIImage`): the bytes of a PNG, JPEG or SVG file, its size in pixels and its
/// scale, read from the file's header when it is made — so a file that is not a picture is an
/// error where it is loaded, not a broken frame later.
///
/// The bytes are kept as they are and embedded in what the renderer draws; Scrim decodes no
/// pixels. As `UIImage(named:)` does, a file named `…@2x.png` or `…@3x.png` has scale 2 or 3, so
/// its size in points is its size in pixels divided by that.
public final class Image: Hashable, Sendable, CustomStringConvertible {
    public enum Format: String, Sendable {
        case png, jpeg, svg

        /// The media type a `data:` address names.
        public var mediaType: String {
            switch self {
            case .png: "image/png"
            case .jpeg: "image/jpeg"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The largest file an image is made from: 7 MB, whose `data:` address (base64, a third
    /// larger) stays under the 10 MB that renderers' XML parsers take in one attribute.
    public static let largestFile = 7 << 20
    /// The largest width or height in pixels, and the most pixels in all (4096 × 4096, more
    /// than a 12-megapixel photo): a renderer decodes every pixel, and a small file of a huge
    /// blank picture would otherwise ask it for gigabytes.
    public static let largestSide = 16_384
    public static let mostPixels = 4096 * 4096

    /// Where the image came from, as the script named it: for messages and renderings.
    public let name: String
    public let data: Data
    public let format: Format
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point: 1, or 2 or 3 for a file named `…@2x` or `…@3x`.
    public let scale: Double

    /// The image in `data`, read from a file named `name`; throws when it is not a PNG, JPEG or
    /// SVG file whose header gives a size within `largestSide` and `mostPixels`.
    public init(data: Data, name: String) throws(ImageError) {
        guard data.count <= Image.largestFile else {
            throw ImageError("\(name): an image file is at most \(Image.largestFile) bytes, this one has more")
        }
        let bytes = [UInt8](data)
        let header: (format: Format, width: Int, height: Int)
        if let png = ImageHeader.png(bytes) {
            header = (.png, png.width, png.height)
        } else if let jpeg = ImageHeader.jpeg(bytes) {
            header = (.jpeg, jpeg.width, jpeg.height)
        } else if let svg = ImageHeader.svg(bytes) {
            switch svg {
            case .success(let size): header = (.svg, size.width, size.height)
            case .failure(let problem): throw ImageError("\(name): \(problem.message)")
            }
        } else {
            throw ImageError("\(name): not a PNG, JPEG or SVG file with a size Scrim can read")
        }
        guard header.width > 0, header.height > 0, header.width <= Image.largestSide, header.height <= Image.largestSide,
              header.width * header.height <= Image.mostPixels else {
            throw ImageError("\(name): a picture of \(header.width)×\(header.height) pixels; a side is 1 to \(Image.largestSide) "
                + "and the whole at most \(Image.mostPixels) pixels")
        }
        self.name = name
        self.data = data
        format = header.format
        pixelWidth = header.width
        pixelHeight = header.height
        scale = Image.scale(ofFileNamed: name)
        dataAddress = "data:\(header.format.mediaType);base64,\(data.base64EncodedString())"
    }

    /// The size in points: pixels over `scale`.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The bytes as a `data:` address, base64-encoded, for a renderer to embed: made once, as
    /// every frame that shows the image embeds it.
    public let dataAddress: String

    /// What the image keeps in memory: its bytes and its `data:` address.
    public var weight: Int { data.count + dataAddress.utf8.count }

    /// `UIImage(named:)`'s scale suffix: `photo@2x.png` is 2 pixels per point.
    static func scale(ofFileNamed name: String) -> Double {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }

    public var description: String { "\(name) (\(format.rawValue), \(pixelWidth)×\(pixelHeight) px at \(formatNumber(scale))x)" }

    public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
