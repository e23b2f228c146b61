import Foundation

/// Test files: the bundled `Fixtures/` folder and the repository's own folders.
enum Fixtures {
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// The repository root, found from this source file's path.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func names(in folder: String, extension ext: String = "md") -> [String] {
        let url = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    static func bytes(_ folder: String, _ name: String) -> [UInt8] {
        Array((try? Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name))) ?? Data())
    }

    static func text(_ folder: String, _ name: String) -> String {
        String(decoding: bytes(folder, name), as: UTF8.self)
    }

    /// Every Markdown file of ExampleVault, vault-relative, including its drafts.
    static var exampleVaultFiles: [String] {
        let root = repository.appendingPathComponent("ExampleVault")
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".md") { found.append(path) }
        }
        return found.sorted()
    }

    static func exampleVaultBytes(_ path: String) -> [UInt8] {
        Array((try? Data(contentsOf: repository.appendingPathComponent("ExampleVault").appendingPathComponent(path))) ?? Data())
    }
}
