@testable import ScrimCore
import Testing

@Suite struct SnapshotTests {
    func card() -> View {
        let card = View(frame: Rect(x: 40, y: 100, width: 200, height: 120))
        card.name = "card"
        card.backgroundColor = Color(parsing: "#ff0000")
        card.cornerRadius = 8
        card.alpha = 0.5
        let label = View(frame: Rect(x: 10, y: 20, width: 50, height: 30))
        label.name = "label"
        label.backgroundColor = Color(parsing: "#0000ff")
        card.addSubview(label)
        let hidden = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        hidden.isHidden = true
        card.addSubview(hidden)
        return card
    }

    @Test func aSnapshotIsAFrozenCopyOfTheTreeAtTheOrigin() {
        let original = card()
        let snapshot = original.snapshotView(afterScreenUpdates: false)
        #expect(snapshot.name == "snapshot of card")
        #expect(snapshot.frame == Rect(x: 0, y: 0, width: 200, height: 120))
        #expect(snapshot.alpha == 1)
        #expect(snapshot.backgroundColor == original.backgroundColor && snapshot.cornerRadius == 8)
        #expect(snapshot.subviews.map(\.name) == ["label"])   // hidden subviews are not part of the picture
        #expect(snapshot.subviews[0].frame == Rect(x: 10, y: 20, width: 50, height: 30))
        #expect(!snapshot.isUserInteractionEnabled)
        original.subviews[0].frame = Rect(x: 0, y: 0, width: 1, height: 1)
        #expect(snapshot.subviews[0].frame == Rect(x: 10, y: 20, width: 50, height: 30))
    }

    @Test func afterScreenUpdatesChoosesTheModelOverWhatIsOnScreen() throws {
        let app = Application()
        let original = card()
        app.window.addSubview(original)
        let label = original.subviews[0]
        try app.animate(duration: 1, curve: .linear, animations: { label.frame = Rect(x: 110, y: 20, width: 50, height: 30) })
        app.run(seconds: 0.5)
        #expect(original.snapshotView(afterScreenUpdates: false).subviews[0].frame.x == 60)
        #expect(original.snapshotView(afterScreenUpdates: true).subviews[0].frame.x == 110)
    }

    @Test func resizableSnapshotsTileTheOriginal() {
        let original = card()
        let tile = original.resizableSnapshotView(from: Rect(x: 100, y: 60, width: 100, height: 60), afterScreenUpdates: true)
        #expect(tile.frame == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(tile.clipsToBounds)
        let content = tile.subviews[0]
        #expect(content.frame == Rect(x: -100, y: -60, width: 200, height: 120))
        #expect(content.subviews[0].convert(Point(x: 0, y: 0), to: tile) == Point(x: -90, y: -40))
    }
}
