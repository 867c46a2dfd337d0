import Foundation
import ScrimCore

/// The page a failed snapshot comparison leaves for a person to look at: the expected frame,
/// the actual one and their difference side by side — the difference drawn as the two
/// pictures blended by `difference`, so what is the same is black and what moved shows — and
/// below them every property that differs.
public enum SnapshotMismatchPage {
    /// The most differences listed; the count says how many there were.
    static let mostListed = 500

    public static func html(name: String, test: String, expectedSVG: String, actualSVG: String,
                            differences: [FrameDifference], tolerance: Double) -> String {
        let expected = dataAddress(expectedSVG), actual = dataAddress(actualSVG)
        var rows = ""
        for difference in differences.prefix(mostListed) {
            rows += "<tr><td>\(xmlEscaped(difference.path.joined(separator: " › ")))</td>"
            rows += "<td>\(xmlEscaped(difference.property.isEmpty ? "(the view)" : difference.property))</td>"
            rows += "<td>\(xmlEscaped(difference.expected.map { SnapshotFile.rounded($0).json } ?? "—"))</td>"
            rows += "<td>\(xmlEscaped(difference.actual.map { SnapshotFile.rounded($0).json } ?? "—"))</td></tr>\n"
        }
        let more = differences.count > mostListed ? "<p>… and \(differences.count - mostListed) more.</p>\n" : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Snapshot \(xmlEscaped(name)) differs</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#1c1c1e}
            .frames{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}
            figure{margin:0}figcaption{font-weight:600;margin-bottom:6px}
            img{display:block;max-height:80vh}
            .difference{position:relative;background:#000}
            .difference img+img{position:absolute;top:0;left:0;mix-blend-mode:difference}
            table{border-collapse:collapse;margin-top:24px}
            td,th{border:1px solid #d1d1d6;padding:4px 8px;text-align:left;vertical-align:top;font-family:ui-monospace,monospace;font-size:12px}
            </style></head><body>
            <h1>Snapshot “\(xmlEscaped(name))” differs</h1>
            <p>In the test “\(xmlEscaped(test))”: \(differences.count) \(differences.count == 1 ? "difference" : "differences") \
            beyond a tolerance of \(formatNumber(tolerance)).</p>
            <div class="frames">
            <figure><figcaption>Expected (the snapshot)</figcaption><img id="expected" alt="expected frame" src="\(expected)"></figure>
            <figure><figcaption>Actual</figcaption><img id="actual" alt="actual frame" src="\(actual)"></figure>
            <figure><figcaption>Difference (black where they agree)</figcaption>\
            <div class="difference"><img id="expected-under" alt=""><img id="actual-over" alt=""></div></figure>
            </div>
            <script>
            // Each picture is in the page once; the difference shows the same two, blended.
            document.getElementById("expected-under").src = document.getElementById("expected").src;
            document.getElementById("actual-over").src = document.getElementById("actual").src;
            </script>
            <table><thead><tr><th>view</th><th>property</th><th>expected</th><th>actual</th></tr></thead><tbody>
            \(rows)</tbody></table>
            \(more)</body></html>

            """
    }

    private static func dataAddress(_ svg: String) -> String {
        "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString()
    }
}
