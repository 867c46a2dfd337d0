import Foundation
@testable import ScrimCore
@testable import ScrimRender
import Testing

/// An iPhone SE window (square screen corners) with nothing in it but `build`'s views.
private func scene(labels: Bool = false, _ build: (Window) -> Void) -> Scene {
    let application = Application(device: .iPhoneSE)
    build(application.window)
    return SceneBuilder(labels: labels).scene(of: application.window)
}

/// The nodes of a scene after the window's, as one string.
private func body(_ scene: Scene) -> String {
    scene.nodes.dropFirst().map(\.open).joined() + "|" + scene.nodes.dropFirst().map(\.close).joined()
}

@Suite("SVG scenes")
struct SceneTests {
    @Test("the document: device outline, screen clip and black screen, then the window's views")
    func document() {
        let svg = scene { window in
            let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
            view.backgroundColor = Color(red: 1, green: 0, blue: 0)
            view.name = "card"
            window.addSubview(view)
        }.svg
        #expect(svg == """
            <svg xmlns="http://www.w3.org/2000/svg" width="399" height="691" viewBox="0 0 399 691" data-device="iPhone SE">
            <rect class="device" width="399" height="691" rx="12" fill="#1c1c1e"/>
            <clipPath id="screen"><rect width="375" height="667" rx="0"/></clipPath>
            <g class="screen" transform="translate(12 12)" clip-path="url(#screen)">
            <rect width="375" height="667" fill="#000000"/>
            <g id="v0" data-name="window">
            <g id="v1" data-name="card" transform="translate(10 20)">
            <rect width="100" height="50" fill="#ff0000"/>
            </g>
            </g>
            </g>
            </svg>

            """)
    }

    @Test("a transform applies about the view's centre: a quarter turn, then a half scale")
    func transformAboutCentre() {
        let rotated = scene { window in
            let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
            view.transform = AffineTransform(rotationAngle: .pi / 2)
            window.addSubview(view)
        }
        // (0,0) of the view lands at (75,-25), (100,50) at (25,75): the same centre, (50,25).
        #expect(rotated.nodes[1].open == "<g id=\"v1\" transform=\"matrix(0 1 -1 0 75 -25)\">\n")

        let scaled = scene { window in
            let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
            view.transform = AffineTransform(scaleX: 0.5, y: 0.5)
            window.addSubview(view)
        }
        #expect(scaled.nodes[1].open == "<g id=\"v1\" transform=\"matrix(0.5 0 0 0.5 25 12.5)\">\n")
    }

    @Test("alpha is group opacity on each level, so nested alphas multiply; colours keep their own alpha")
    func alphaNesting() {
        let nested = scene { window in
            let outer = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            outer.alpha = 0.5
            let inner = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
            inner.alpha = 0.5
            inner.backgroundColor = Color(parsing: "#00000066")
            outer.addSubview(inner)
            window.addSubview(outer)
        }
        #expect(body(nested) == """
            <g id="v1" opacity="0.5">
            <g id="v2" transform="translate(20 20)" opacity="0.5">
            <rect width="40" height="40" fill="#000000" fill-opacity="0.4"/>
            |</g>
            </g>

            """)
    }

    @Test("views are drawn from presentation values: half-way through a fade and a move")
    func presentationValues() throws {
        let application = Application(device: .iPhoneSE)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        application.window.addSubview(view)
        try application.animate(duration: 1, curve: .linear) {
            view.alpha = 0
            view.center = Point(x: 250, y: 50)
        }
        application.run(seconds: 0.5)
        let open = SceneBuilder().scene(of: application.window).nodes[1].open
        #expect(view.alpha == 0)
        #expect(open == "<g id=\"v1\" transform=\"translate(100 0)\" opacity=\"0.5\">\n")
    }

    @Test("clipsToBounds clips subviews to the rounded bounds; a bounds origin scrolls the content")
    func clippingAndCornerRadius() {
        let clipped = scene { window in
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 80))
            card.backgroundColor = .white
            card.cornerRadius = 12
            card.clipsToBounds = true
            card.bounds = Rect(x: 0, y: 30, width: 100, height: 80)
            let photo = View(frame: Rect(x: 0, y: 0, width: 100, height: 200))
            photo.backgroundColor = Color(parsing: "#ff9500")
            card.addSubview(photo)
            window.addSubview(card)
        }
        #expect(body(clipped) == """
            <g id="v1" transform="translate(10 -20)">
            <rect y="30" width="100" height="80" rx="12" fill="#ffffff"/>
            <clipPath id="c1"><rect y="30" width="100" height="80" rx="12"/></clipPath>
            <g clip-path="url(#c1)">
            <g id="v2">
            <rect width="100" height="200" fill="#ff9500"/>
            |</g>
            </g>
            </g>

            """)
    }

    @Test("a border lies inside the bounds along the corner radius, over the subviews; a wide one fills the view")
    func border() {
        let bordered = scene { window in
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 80))
            card.cornerRadius = 12
            card.borderWidth = 4
            card.borderColor = Color(parsing: "#ff000080")
            card.addSubview(View(frame: Rect(x: 0, y: 0, width: 20, height: 20)))
            window.addSubview(card)
        }
        #expect(body(bordered) == """
            <g id="v1" transform="translate(10 10)">
            <g id="v2">
            |<rect x="2" y="2" width="96" height="76" rx="10" fill="none" stroke="#ff0000" stroke-opacity="0.502" stroke-width="4"/>
            </g>
            </g>

            """)

        let filled = scene { window in
            let dot = View(frame: Rect(x: 0, y: 0, width: 10, height: 30))
            dot.borderWidth = 5
            window.addSubview(dot)
        }
        #expect(filled.nodes[1].close == "<rect width=\"10\" height=\"30\" fill=\"#000000\"/>\n</g>\n")

        for width in [0, -3, Double.nan, .infinity] {
            let none = scene { window in
                let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                view.borderWidth = width
                window.addSubview(view)
            }
            #expect(none.nodes[1].close == "</g>\n", "border width \(width)")
        }
    }

    @Test("a shadow is a filter on the view's group: its whole drawing blurred, moved, tinted, under it")
    func shadow() {
        let shadowed = scene { window in
            let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 80))
            card.backgroundColor = .white
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.shadowOffset = Size(width: 0, height: 6)
            card.addSubview(View(frame: Rect(x: 90, y: -20, width: 40, height: 40)))
            window.addSubview(card)
        }
        // The region: the bounds and the subview's frame, (0,-20)–(130,80), grown by 12 and 6 down.
        #expect(shadowed.nodes[1].open == """
            <filter id="s1" filterUnits="userSpaceOnUse" x="-12" y="-32" width="154" height="130" \
            color-interpolation-filters="sRGB"><feGaussianBlur in="SourceAlpha" stdDeviation="4"/>\
            <feOffset dx="0" dy="6" result="shape"/><feFlood flood-color="#000000" flood-opacity="0.5"/>\
            <feComposite in2="shape" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
            <g id="v1" transform="translate(10 10)" filter="url(#s1)">
            <rect width="100" height="80" fill="#ffffff"/>

            """)

        // UIKit's default offset is (0, -3), upward; a radius of 0 casts a sharp shadow.
        let sharp = scene { window in
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.shadowOpacity = 1
            view.shadowRadius = 0
            view.shadowColor = Color(parsing: "#0000ff80")
            window.addSubview(view)
        }
        #expect(sharp.nodes[1].open.contains("<feOffset in=\"SourceAlpha\" dx=\"0\" dy=\"-3\" result=\"shape\"/>"))
        #expect(sharp.nodes[1].open.contains("<feFlood flood-color=\"#0000ff\" flood-opacity=\"0.502\"/>"))
        #expect(!sharp.nodes[1].open.contains("feGaussianBlur"))

        // No opacity, a clear colour, or clipping to bounds (which cuts the shadow away): no filter.
        let none: [(View) -> Void] = [
            { $0.shadowOpacity = 0 },
            { $0.shadowOpacity = 1; $0.shadowColor = nil },
            { $0.shadowOpacity = 1; $0.clipsToBounds = true },
            { $0.shadowOpacity = .nan },
        ]
        for setUp in none {
            let plain = scene { window in
                let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                setUp(view)
                window.addSubview(view)
            }
            #expect(!plain.nodes[1].open.contains("filter"))
        }
    }

    @Test("borders and shadows animate: half-way, the presentation draws half of each change")
    func animatedLooks() throws {
        let application = Application(device: .iPhoneSE)
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        application.window.addSubview(view)
        view.shadowOpacity = 1
        try application.animate(duration: 1, curve: .linear) {
            view.borderWidth = 10
            view.shadowOffset = Size(width: 10, height: 9)
            view.shadowRadius = 13
            view.borderColor = Color(red: 1, green: 1, blue: 1)
        }
        application.run(seconds: 0.5)
        #expect(view.borderWidth == 10)
        #expect(view.presentation.borderWidth == 5)
        #expect(view.presentation.shadowOffset == Size(width: 5, height: 3))
        #expect(view.presentation.shadowRadius == 8)
        let node = SceneBuilder().scene(of: application.window).nodes[1]
        #expect(node.close.hasPrefix("<rect x=\"2.5\" y=\"2.5\" width=\"95\" height=\"95\" fill=\"none\" stroke=\"#808080\" stroke-width=\"5\"/>"))
        #expect(node.open.contains("stdDeviation=\"8\"/><feOffset dx=\"5\" dy=\"3\""))
    }

    @Test("a gradient view draws its gradient in the bounds' unit square, over the background, inside the radius")
    func gradient() {
        let axial = scene { window in
            let view = GradientView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
            view.backgroundColor = .black
            view.cornerRadius = 8
            view.colors = [Color(red: 1, green: 0, blue: 0), Color(parsing: "#0000ff80")!, .white]
            view.locations = [0, 0.25, 1]
            view.startPoint = Point(x: 0, y: 0)
            view.endPoint = Point(x: 1, y: 1)
            window.addSubview(view)
        }
        #expect(axial.nodes[1].open == """
            <g id="v1">
            <rect width="200" height="100" rx="8" fill="#000000"/>
            <linearGradient id="g1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff0000"/>\
            <stop offset="0.25" stop-color="#0000ff" stop-opacity="0.502"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
            <rect width="200" height="100" rx="8" fill="url(#g1)"/>

            """)

        // Radial: an ellipse centred on the start point reaching the end point. Locations out of
        // order or range are drawn as Core Animation draws them: clamped, each at least the last.
        let radial = scene { window in
            let view = GradientView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
            view.type = .radial
            view.colors = [.white, .black, .white]
            view.locations = [0.5, 0.2, 7]
            view.startPoint = Point(x: 0.5, y: 0.5)
            view.endPoint = Point(x: 1, y: 0.75)
            window.addSubview(view)
        }
        #expect(radial.nodes[1].open.contains("""
            <radialGradient id="g1" cx="0" cy="0" r="1" gradientTransform="matrix(0.5 0 0 0.25 0.5 0.5)">\
            <stop offset="0.5" stop-color="#ffffff"/><stop offset="0.5" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/>
            """))

        // One colour fills; none, or an empty view, draws nothing; a radial gradient of no
        // radius shows its last colour.
        let cases: [(GradientView) -> Void] = [
            { $0.colors = [.white] },
            { $0.colors = [] },
            { $0.colors = [.white, .black]; $0.bounds = .zero },
            { $0.colors = [.white, .black]; $0.type = .radial; $0.endPoint = $0.startPoint },
        ]
        let drawn = cases.map { setUp in
            scene { window in
                let view = GradientView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
                setUp(view)
                window.addSubview(view)
            }.nodes[1].open
        }
        #expect(drawn == [
            "<g id=\"v1\">\n<rect width=\"10\" height=\"10\" fill=\"#ffffff\"/>\n",
            "<g id=\"v1\">\n",
            "<g id=\"v1\" transform=\"translate(5 5)\">\n",
            "<g id=\"v1\">\n<rect width=\"10\" height=\"10\" fill=\"#000000\"/>\n",
        ])
    }

    @Test("a label's lines are tspans at the layout's baselines, in DejaVu Sans at the face's weight, unkerned")
    func label() {
        // DejaVu Sans at 17 points: a line is 19.7890625 points tall, its baseline 15.7797852
        // below its top; "The quick brown fox jumps over the lazy dog" wraps at 100 points into
        // five lines (TextLayoutTests), centred in 100.
        let wrapped = scene { window in
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            label.text = "The quick brown fox jumps over the lazy dog"
            label.numberOfLines = 0
            label.textColor = Color(parsing: "#3c3c43")
            window.addSubview(label)
        }
        let top = (100 - 5 * 19.7890625) / 2 + 15.77978515625
        let baselines = (0..<5).map { svgNumber(top + Double($0) * 19.7890625) }
        #expect(wrapped.nodes[1].open == """
            <g id="v1">
            <text font-family="DejaVu Sans" font-size="17" font-weight="400" fill="#3c3c43" \
            style="font-kerning:none;font-variant-ligatures:none" xml:space="preserve">\
            <tspan x="0" y="\(baselines[0])">The quick</tspan><tspan x="0" y="\(baselines[1])">brown fox</tspan>\
            <tspan x="0" y="\(baselines[2])">jumps over</tspan><tspan x="0" y="\(baselines[3])">the lazy</tspan>\
            <tspan x="0" y="\(baselines[4])">dog</tspan></text>

            """)

        // Bold draws with the Bold face's weight, 700; semibold too (DejaVu has three weights).
        // Text XML cannot hold is left out; markup characters are escaped.
        let bold = scene { window in
            let label = Label(frame: Rect(x: 0, y: 0, width: 300, height: 40))
            label.font = Font(size: 20, weight: .semibold)
            label.text = "a<b>&\u{1}c"
            label.textAlignment = .right
            window.addSubview(label)
        }.nodes[1].open
        #expect(bold.contains("font-size=\"20\" font-weight=\"700\" fill=\"#000000\""))
        #expect(bold.contains(">a&lt;b&gt;&amp;c</tspan>"))

        // A label shorter than its line draws it centred and clipped to the bounds; a clear
        // colour or no text draws nothing.
        let short = scene { window in
            let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 10))
            label.text = "Hi"
            window.addSubview(label)
        }.nodes[1].open
        #expect(short.contains("<clipPath id=\"t1\"><rect width=\"100\" height=\"10\"/></clipPath>"))
        #expect(short.contains(" clip-path=\"url(#t1)\""))
        let blank: [(Label) -> Void] = [{ $0.text = "" }, { $0.text = "Hi"; $0.textColor = nil }, { $0.text = "Hi"; $0.bounds = .zero }]
        for setUp in blank {
            let node = scene { window in
                let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 30))
                setUp(label)
                window.addSubview(label)
            }.nodes[1].open
            #expect(!node.contains("<text"))
        }
    }

    @Test("an image view uses its image's one definition, placed by its content mode")
    func imageView() throws {
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0, 100, 0, 0, 0, 50, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let image = try Image(data: Data(header), name: "wide.png")
        #expect(image.dataAddress == "data:image/png;base64," + Data(header).base64EncodedString())
        let drawn = scene { window in
            let view = ImageView(image: image, frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.backgroundColor = .black
            view.contentMode = .scaleAspectFit
            window.addSubview(view)
        }
        #expect(drawn.nodes[1].open == """
            <g id="v1">
            <rect width="100" height="100" fill="#000000"/>
            <use href="#i0" transform="translate(0 25)"/>

            """)
        let definition = "<image id=\"i0\" width=\"100\" height=\"50\" preserveAspectRatio=\"none\" href=\"\(image.dataAddress)\"/>"
        #expect(drawn.images == [0: definition])
        #expect(drawn.svg.contains("<defs>\(definition)</defs>\n<g id=\"v0\""))

        // Filling spills past the bounds, cut only by clipsToBounds, which cuts the image too.
        let filled = scene { window in
            let view = ImageView(image: image, frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.contentMode = .scaleAspectFill
            view.cornerRadius = 10
            view.clipsToBounds = true
            window.addSubview(view)
        }.nodes[1].open
        #expect(filled == """
            <g id="v1">
            <clipPath id="c1"><rect width="100" height="100" rx="10"/></clipPath>
            <g clip-path="url(#c1)">
            <use href="#i0" transform="translate(-50 0) scale(2 2)"/>

            """)
        let empty = scene { window in window.addSubview(ImageView(frame: Rect(x: 0, y: 0, width: 10, height: 10))) }
        #expect(!empty.nodes[1].open.contains("<use") && empty.images.isEmpty)
    }

    /// A thousand views of one image in every frame hold its bytes once: the scene's
    /// definitions and the page's data each have one copy, however many views and frames.
    @Test("an image shown by many views in many frames is defined once")
    func imagesAreDefinedOnce() throws {
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 7, count: 3000)
        let image = try Image(data: Data(header), name: "big.png")
        let application = Application(device: .iPhoneSE)
        let recorder = FrameRecorder(application: application)
        for i in 0..<1000 { application.window.addSubview(ImageView(image: image, frame: Rect(x: Double(i % 30), y: 0, width: 4, height: 4))) }
        application.step(frames: 5)
        let recording = recorder.finish()
        let payload = image.dataAddress
        func copies(in text: String) -> Int { text.components(separatedBy: payload).count - 1 }
        #expect(recording.frames.count >= 5)
        #expect(copies(in: recording.frames[recording.frames.count - 1].scene.svg) == 1)
        #expect(copies(in: PlayerPage.html(for: recording, title: "many")) == 1)
        // And in memory: every frame's scene holds the one definition the builder made.
        let storage = recording.frames.compactMap { frame in
            frame.scene.images.values.first?.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
        }
        #expect(storage.count == recording.frames.count && Set(storage).count == 1)
    }

    @Test("bars show their titles: a navigation bar's title and back item, a tab bar's items with the selected one tinted")
    func barTitles() {
        let bars = scene { window in
            let navigation = NavigationBar(frame: Rect(x: 0, y: 0, width: 375, height: 64))
            navigation.title = "Photo"
            navigation.backItemTitle = "Inbox"
            let tabs = TabBar(frame: Rect(x: 0, y: 618, width: 375, height: 49))
            tabs.itemTitles = ["Inbox", "Settings"]
            tabs.selectedIndex = 1
            window.addSubview(navigation)
            window.addSubview(tabs)
        }
        let navigation = bars.nodes[1].open, tabs = bars.nodes[2].open
        #expect(navigation.contains(##"font-size="17" font-weight="700" fill="#000000""##))
        #expect(navigation.contains(">Photo</tspan>"))
        #expect(navigation.contains(##"font-size="17" font-weight="400" fill="#007aff""##))
        #expect(navigation.contains(">‹ Inbox</tspan>"))
        #expect(tabs.contains(##"fill="#8e8e93" style="font-kerning:none;font-variant-ligatures:none" xml:space="preserve"><tspan"##))
        #expect(tabs.components(separatedBy: "<text ").count == 3)
        #expect(tabs.contains(##"fill="#007aff""##) && tabs.contains(">Settings</tspan>"))
        let plain = scene { window in window.addSubview(NavigationBar(frame: Rect(x: 0, y: 0, width: 375, height: 64))) }
        #expect(!plain.nodes[1].open.contains("<text"))
    }

    @Test("a corner radius larger than half the shorter side is drawn as half of it")
    func cornerRadiusLimit() {
        let pill = scene { window in
            let view = View(frame: Rect(x: 0, y: 0, width: 80, height: 30))
            view.backgroundColor = .black
            view.cornerRadius = 40
            window.addSubview(view)
        }
        #expect(pill.nodes[1].open.contains("rx=\"15\""))
    }

    @Test("hidden views are left out with their subviews; clear and colourless views draw no rectangle")
    func hiddenAndClear() {
        let result = scene { window in
            let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            hidden.isHidden = true
            hidden.addSubview(View(frame: Rect(x: 0, y: 0, width: 5, height: 5)))
            let clear = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            clear.backgroundColor = .clear
            window.addSubview(hidden)
            window.addSubview(clear)
        }
        #expect(result.nodes.count == 2)
        #expect(result.nodes[1].open == "<g id=\"v1\">\n")
    }

    @Test("labels name the views that have names, escaped, above their subviews")
    func labels() {
        let labelled = scene(labels: true) { window in
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.name = "a<b>&\"c\""
            window.addSubview(view)
        }
        #expect(labelled.head.contains("<style>.label{"))
        #expect(labelled.nodes[1].open == "<g id=\"v1\" data-name=\"a&lt;b&gt;&amp;&quot;c&quot;\">\n")
        #expect(labelled.nodes[1].close == "<text class=\"label\" x=\"3\" y=\"11\">a&lt;b&gt;&amp;&quot;c&quot;</text>\n</g>\n")
    }

    @Test("a view keeps its id for its life; a new view never takes a gone one's")
    func stableIdentifiers() {
        let application = Application(device: .iPhoneSE)
        let builder = SceneBuilder()
        let first = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let second = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        application.window.addSubview(first)
        application.window.addSubview(second)
        #expect(builder.scene(of: application.window).nodes.map(\.id) == [0, 1, 2])
        first.removeFromSuperview()
        application.window.insertSubview(View(frame: .zero), at: 0)
        #expect(builder.scene(of: application.window).nodes.map(\.id) == [0, 3, 2])
    }

    @Test("numbers: three decimals at most, no trailing zeros, no negative zero")
    func numbers() {
        #expect(svgNumber(1) == "1")
        #expect(svgNumber(0.1 + 0.2) == "0.3")
        #expect(svgNumber(-0.0001) == "0")
        #expect(svgNumber(426.6666) == "426.667")
        #expect(svgNumber(-12.5) == "-12.5")
        #expect(svgNumber(.nan) == "0")
        // Past 10^15, whole digits: never `inf` (1000 × 1e308 overflows), `1e+20` or a bare point.
        #expect(svgNumber(1e15) == "1000000000000000")
        #expect(svgNumber(0x1p53) == "9007199254740992")
        #expect(svgNumber(-1e20) == "-100000000000000000000")
        #expect(svgNumber(999_999_999_999_999.9) == "999999999999999.9")
        #expect(svgNumber(1e308).count == 309 && svgNumber(1e308).allSatisfy(\.isNumber))
    }

    @Test("a rounded phone screen and a landscape window set the document's size and corners")
    func deviceOutline() {
        let application = Application(device: .iPhone15)
        application.window.resize(to: Size(width: 852, height: 393))
        let head = SceneBuilder().scene(of: application.window).head
        #expect(head.contains("width=\"876\" height=\"417\" viewBox=\"0 0 876 417\" data-device=\"iPhone 15\""))
        #expect(head.contains("<rect class=\"device\" width=\"876\" height=\"417\" rx=\"67\" fill=\"#1c1c1e\"/>"))
        #expect(head.contains("<clipPath id=\"screen\"><rect width=\"852\" height=\"393\" rx=\"55\"/></clipPath>"))
    }
}
