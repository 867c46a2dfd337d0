import CLua
import Foundation
import LuaBridge
import ScrimCore

extension Runtime {
    /// `Image`'s and `ImageView`'s Lua surface: `UIImage`'s size and scale, `UIImageView`'s
    /// image and content mode.
    func defineImageClasses() {
        let image = imageClass
        image.property("size", get: { image, call in call.state.push(image.size) })
        image.property("scale", number: { $0.scale })
        image.property("name", get: { image, call in call.state.push(image.name) })
        image.property("format", get: { image, call in call.state.push(image.format.rawValue) })

        let cls = imageViewClass
        cls.inherit(from: viewClass)
        cls.property("image", get: { view, call in
            if let image = view.image { call.state.push(object: image) } else { lua_pushnil(call.L) }
        }, set: { view, call, i in view.image = try call.optionalObject(i, Image.self, expected: "Image") })
        cls.property("contentMode", get: { view, call in call.state.push(view.contentMode.name) },
                     set: { view, call, i in view.contentMode = try Runtime.enumValue(call, i, ContentMode.self) })
        cls.property("intrinsicContentSize", get: { view, call in call.state.push(view.intrinsicContentSize) })
        cls.action("sizeToFit") { $0.sizeToFit() }
    }

    /// `ImageView{image=, contentMode=, …}`: an image view with those properties and any of
    /// `View`'s; without a frame, as big as its image, as `UIImageView(image:)` is.
    func makeImageView(_ call: LuaCall) throws -> Int32 {
        try construct(ImageView(), using: imageViewClass, constructor: "ImageView", call) { view in
            guard lua_type(call.L, 1) == LUA_TTABLE else { return }
            call.state.rawField("frame", of: 1)
            if call.isNil(-1) { view.sizeToFit() }
            scrim_pop(call.L, 1)
        }
    }

    /// Loads the image file `path` beneath `files`' folder (a plugin's, or the scenario's), by
    /// the sandbox's rules: the kernel resolves it beneath the folder, so `..`, an absolute path
    /// or a symbolic link leads nowhere else. Pushes the image, or nil and why not; its bytes
    /// count toward the memory cap while it lives.
    static func pushImage(from files: PluginFiles, _ call: LuaCall) throws -> Int32 {
        let path = try call.string(1)
        let failure = { (message: String) -> Int32 in
            lua_pushnil(call.L)
            call.state.push(message)
            return 2
        }
        let descriptor: Int32
        switch files.open(path, mode: "r", caller: "image") {
        case .success(let opened): descriptor = opened
        case .failure(.refused(let message)): return failure(message)
        case .failure(.failed(let message, _)): return failure("image: \(message)")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.read(upToCount: Image.largestFile + 1) ?? Data()
        } catch {
            return failure("image: \(path): \(error.localizedDescription)")
        }
        let image: Image
        do { image = try Image(data: data, name: path) } catch { return failure("image: \(error.description)") }
        call.state.lingeringNatives.charge(image.weight, to: image, for: .image)
        Runtime.chargeName(image.name, of: image, as: .name, call)
        call.state.push(object: image)
        return 1
    }
}
