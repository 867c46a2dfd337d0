/// A view that shows an image (`UIImageView`), placed in its bounds by `contentMode` —
/// `scaleToFill` unless set, as UIKit's. The image is drawn over the background colour and
/// under the subviews; an image that fills past the bounds shows whole unless `clipsToBounds`.
public final class ImageView: View {
    public var image: Image? { didSet { setNeedsLayout() } }
    public var contentMode = ContentMode.scaleToFill

    public init(image: Image? = nil, frame: Rect? = nil) {
        self.image = image
        super.init(frame: frame ?? Rect(origin: .zero, size: image?.size ?? .zero))
    }

    /// `UIImageView.intrinsicContentSize`: the image's size in points; zero without one.
    public var intrinsicContentSize: Size { image?.size ?? .zero }

    /// `UIView.sizeToFit()`: the view takes its image's size, its frame's origin staying where
    /// it is (its centre, when a transform is set).
    public func sizeToFit() { resize(toFit: intrinsicContentSize) }

    override func snapshotCopy() -> View {
        let copy = ImageView(image: image)
        copy.contentMode = contentMode
        return copy
    }
}
