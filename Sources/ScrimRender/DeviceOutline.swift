import ScrimCore

/// The device drawn around the screen: a bezel of fixed width and the screen's rounded corners.
struct DeviceOutline {
    /// The bezel's width around the screen, in points.
    static let bezel = 12.0

    /// The screen's corner radius for `device`: phones with a notch or island have rounded
    /// screens (about 55 points), older phones square ones, iPads gently rounded ones.
    static func screenCornerRadius(of device: DevicePreset) -> Double {
        switch device.idiom {
        case .phone: return device.statusBarHeight > 20 ? 55 : 0
        case .pad: return 18
        }
    }

    /// The document's opening for a screen of `size` on `device`, up to the screen's group.
    static func head(size: Size, device: DevicePreset, labels: Bool) -> String {
        let width = svgNumber(size.width + 2 * bezel), height = svgNumber(size.height + 2 * bezel)
        let radius = screenCornerRadius(of: device)
        let screenWidth = svgNumber(size.width), screenHeight = svgNumber(size.height)
        var head = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" data-device="\(xmlEscaped(device.name))">

            """
        if labels {
            head += """
                <style>.label{font:10px ui-monospace,monospace;fill:#c2185b;paint-order:stroke;\
                stroke:#ffffff;stroke-width:3px}</style>

                """
        }
        head += """
            <rect class="device" width="\(width)" height="\(height)" rx="\(svgNumber(radius + bezel))" fill="#1c1c1e"/>
            <clipPath id="screen"><rect width="\(screenWidth)" height="\(screenHeight)" rx="\(svgNumber(radius))"/></clipPath>
            <g class="screen" transform="translate(\(svgNumber(bezel)) \(svgNumber(bezel)))" clip-path="url(#screen)">
            <rect width="\(screenWidth)" height="\(screenHeight)" fill="#000000"/>

            """
        return head
    }
}
