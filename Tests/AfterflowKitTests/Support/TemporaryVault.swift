@testable import AfterflowKit
import Foundation

/// A vault in a fresh temporary folder, removed when the test is done with it.
final class TemporaryVault {
    let root: String

    init(timeZone: String = "America/Los_Angeles") throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-kit-\(UUID().uuidString)").path
        _ = try VaultInitializer.initialize(at: base, timeZone: TimeZone(identifier: timeZone)!)
        root = base
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var vault: Vault {
        get throws { try Vault(root: root) }
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    func mode(_ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + relative)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    func files(under relative: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root + "/" + relative)) ?? []).sorted()
    }
}

func sessionText(id: String, date: String = "2024-12-10T14:30:00-08:00", treatment: String = "psilocybin", intention: String = "Listen.") -> String {
    "---\nid: \(id)\ndate: \(date)\ntreatment: \(treatment)\nmood_before: 5\nstatus: needs-reflection\n---\n## Intention\n\n\(intention)\n\n## Reflections\n"
}
