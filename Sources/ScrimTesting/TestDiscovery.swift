import Foundation

/// Why the paths given to `scrim test` hold no test files to run.
public struct TestDiscoveryError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Finds test files under the paths `scrim test` is given: `*_test.lua` files anywhere, and
/// every `.lua` file in a folder named `tests`. A file named on its own is a test file whatever
/// its name. Hidden files and folders and `__snapshots__` are not searched, and symbolic links
/// to folders are not followed, so a link cannot make the search loop or leave the tree.
public enum TestDiscovery {
    /// The deepest a search goes below a path given.
    static let deepestFolder = 64

    /// The test files, each once, sorted within each path given.
    public static func files(in paths: [String]) throws(TestDiscoveryError) -> [String] {
        var skipped: [String] = []
        return try files(in: paths, skipped: &skipped)
    }

    /// The test files, and in `skipped` the folders the search could not enter, each with why.
    public static func files(in paths: [String], skipped: inout [String]) throws(TestDiscoveryError) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        for path in paths {
            // Followed for a path given: `scrim test link-to-tests` searches where it points.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw TestDiscoveryError(message: "\(path): no such file or folder")
            }
            var files: [String] = []
            if isFolder.boolValue {
                search(path, depth: 0, inTests: (path as NSString).lastPathComponent == "tests", into: &files, skipped: &skipped)
                files.sort()
            } else {
                files = [path]
            }
            for file in files where seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted {
                found.append(file)
            }
        }
        return found
    }

    private static func search(_ folder: String, depth: Int, inTests: Bool, into files: inout [String], skipped: inout [String]) {
        guard depth <= deepestFolder else { return skipped.append("\(folder): deeper than \(deepestFolder) folders below the path given") }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return skipped.append("\(folder): cannot read the folder")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else {
                // A name that is not UTF-8 comes back changed, and is then nowhere.
                skipped.append("\(path): cannot read it (is its name UTF-8?)")
                continue
            }
            switch type {
            case .typeDirectory where name != "__snapshots__":
                search(path, depth: depth + 1, inTests: inTests || name == "tests", into: &files, skipped: &skipped)
            case .typeRegular, .typeSymbolicLink:
                if name.hasSuffix("_test.lua") || (inTests && name.hasSuffix(".lua")) { files.append(path) }
            default:
                continue
            }
        }
    }
}
