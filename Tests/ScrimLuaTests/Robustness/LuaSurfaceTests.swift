import ScrimFuzzing
import Testing

/// The API fuzzer reads what to call from the annotation file: the classes, their fields and
/// methods with their parameters' types, and the global functions.
@Suite struct LuaSurfaceTests {
    @Test func theShippedAnnotationsAreRead() throws {
        let surface = try LuaSurface.shipped()
        let view = try #require(surface.classes["View"])
        #expect(view.methods.first { $0.path == "addSubview" }?.parameters == [.init(name: "view", type: .named("View"))])
        #expect(view.methods.first { $0.path == "insertSubview" }?.parameters.map(\.type) == [.named("View"), .integer])
        #expect(view.fields.first { $0.name == "superview" }?.type == .optional(.named("View")))
        #expect(surface.classes["Window"]?.parent == "View")
        #expect(surface.isClass("NavigationController", kindOf: "ViewController"))
        #expect(surface.allMethods(of: "NavigationController").contains { $0.path == "present" })
        #expect(surface.allMethods(of: "Window").first { $0.path == "pan" }?.parameters.first?.type == .record([
            .init(name: "from", type: .named("Point")), .init(name: "to", type: .named("Point")),
            .init(name: "duration", type: .optional(.number)), .init(name: "steps", type: .optional(.integer)),
        ]))
        #expect(surface.allMethods(of: "View").first { $0.path == "convert" }?.parameters.map(\.type)
                == [.union([.named("Point"), .named("Rect")]), .optional(.named("View"))])
        #expect(surface.aliases["ModalTransitionStyle"]
                == .union(["coverVertical", "crossDissolve", "flipHorizontal", "partialCurl"].map { .literal($0) }))
        #expect(surface.globals["window"] == .named("Window"))
        let functions = Dictionary(surface.functions.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(functions["run"]?.parameters == [.init(name: "seconds", type: .number)])
        #expect(functions["scrim.reload"]?.parameters == [.init(name: "name", type: .string)])
        #expect(functions["scrim.transform.rotation"] != nil)
        #expect(functions["animate"]?.parameters.map(\.type) == [.union([.named("AnimationOptions"), .number]), .function, .optional(.function)])
        let controller = surface.allFields(of: "ViewController")
        #expect(controller.first { $0.name == "viewWillAppear" }?.type == .optional(.function))
        #expect(controller.first { $0.name == "transitioningDelegate" }?.type == .union([.named("TransitioningDelegate"), .optional(.table)]))
    }

    /// The C ABI fuzzer reads the functions of scrim.h, writes values for every parameter's
    /// type, and has a binding for every function: one added to the header is fuzzed, or fails here.
    @Test func theCHeaderIsReadAndEveryFunctionIsCalled() throws {
        let header = try CHeader.shipped()
        let functions = Dictionary(header.functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(functions["scrim_trace"]?.parameters == [.init(type: "scrim_runtime *", name: "runtime"), .init(type: "int64_t", name: "since"),
                                                         .init(type: "char **", name: "jsonl"), .init(type: "int64_t *", name: "next_seq")])
        #expect(functions["scrim_version"]?.result == "const char *")
        #expect(functions["scrim_version"]?.parameters == [])
        #expect(header.functions.count >= 17)
        for function in header.functions {
            for parameter in function.parameters {
                #expect(CCallGenerator.parameterTypes.contains(parameter.type), "\(function.name)'s \(parameter.name): \(parameter.type)")
            }
            let fuzzer = try CABIFuzzer(header: header, surface: try LuaSurface.shipped())
            let call = function.name + "(" + function.parameters.map { _ in "NULL" }.joined(separator: ", ") + ")"
            #expect(fuzzer.run(fuzzer.prelude + "\n" + call) == nil, "\(call)")
        }
    }
}
