import Foundation
@testable import ScrimCore
import Testing

@Suite struct GeometryTests {
    @Test func frameFollowsCenterBoundsAndTransform() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == Point(x: 60, y: 45))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(x: -40, y: 20 - 25, width: 200, height: 100))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.transform = AffineTransform(translationX: 5, y: -5)
        #expect(view.frame == Rect(x: 15, y: 15, width: 100, height: 50))
    }

    @Test func convertAndHitTestFollowTheTree() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let card = View(frame: Rect(x: 50, y: 100, width: 200, height: 200))
        let button = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        root.addSubview(card)
        card.addSubview(button)
        #expect(button.convert(Point(x: 0, y: 0), to: root) == Point(x: 60, y: 110))
        #expect(root.convert(Point(x: 60, y: 110), to: button) == Point(x: 0, y: 0))
        #expect(button.convert(Rect(x: 0, y: 0, width: 40, height: 40), to: nil) == Rect(x: 60, y: 110, width: 40, height: 40))
        #expect(root.hitTest(Point(x: 70, y: 120)) === button)
        #expect(root.hitTest(Point(x: 200, y: 250)) === card)
        button.isHidden = true
        #expect(root.hitTest(Point(x: 70, y: 120)) === card)
        card.alpha = 0.005
        #expect(root.hitTest(Point(x: 70, y: 120)) === root)
        #expect(root.hitTest(Point(x: 500, y: 120)) == nil)
    }

    @Test func autoresizingKeepsFixedMargins() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let pinnedRight = View(frame: Rect(x: 80, y: 0, width: 20, height: 20))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin]
        let stretchy = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
        stretchy.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(pinnedRight)
        parent.addSubview(stretchy)
        parent.frame = Rect(x: 0, y: 0, width: 200, height: 150)
        #expect(pinnedRight.frame == Rect(x: 180, y: 0, width: 20, height: 20))
        #expect(stretchy.frame == Rect(x: 10, y: 10, width: 180, height: 130))
    }

    @Test func colorsParseHexAndNames() {
        #expect(Color(parsing: "#ff000080") == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(Color(parsing: "#0f0")?.hexString == "#00ff00ff")
        #expect(Color(parsing: "white") == .white)
        #expect(Color(parsing: "#12345") == nil)
        #expect(Color(parsing: "red!") == nil)
    }

    @Test func numbersFormatDeterministically() {
        #expect(formatNumber(390) == "390")
        #expect(formatNumber(0.1 + 0.2) == "0.3")
        #expect(formatNumber(1.0 / 3) == "0.333333")
        #expect(formatNumber(-0.0000001) == "0")
        // Huge finite numbers stay finite (the trace writes them as JSON numbers).
        #expect(formatNumber(-1e308) == "-1e+308")
        #expect(formatNumber(1e15) == "1000000000000000")
        #expect(formatNumber(999_999_999_999_999) == "999999999999999")
    }

    @Test func rotationTurnsClockwiseOnScreen() {
        let p = Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let t = AffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        let back = Point(x: 5, y: 7).applying(t).applying(t.inverted)
        #expect(abs(back.x - 5) < 1e-12 && abs(back.y - 7) < 1e-12)
    }
}
