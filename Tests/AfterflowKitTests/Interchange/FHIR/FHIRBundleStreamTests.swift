@testable import AfterflowKit
import Foundation
import Testing

/// `export fhir` writes the bundle an entry at a time (issue 25): the same bytes as the bundle's
/// text made whole, handed to its output as it goes.
@Suite struct FHIRBundleStreamTests {
    /// A bundle of 300 check-ins (two without an id, one sharing another's) from an index.
    static func bundle() throws -> (FHIRBundle, TemporaryVault) {
        let vault = try TemporaryVault()
        for index in 0..<300 {
            let id = index == 7 ? "" : index == 8 ? "id: \(UUID(uuidString: "00000000-0000-4000-8000-000000000009")!)\n"
                : "id: \(UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!)\n"
            let minute = String(format: "%02d", index % 60)
            try vault.write("moods/2025/2025-03-\(String(format: "%02d", 1 + index / 60))-08\(minute).md",
                            "---\ntype: mood\n\(id)date: 2025-03-\(String(format: "%02d", 1 + index / 60))T08:\(minute):00\nscore: \(1 + index % 10)\nlabels: [calm, \"a \\\"quoted\\\" one\"]\nassociations: [work]\n---\n\nNote \(index): tab\there, \u{2028} and \"quotes\".\n")
        }
        let index = try IndexStore(vault: vault.vault)
        _ = try index.refresh()
        return (FHIRBundle(moods: try index.moodCheckIns(), assessments: try index.assessments(), timeZone: try vault.vault.timeZone), vault)
    }

    @Test("written an entry at a time, the bundle is byte for byte its whole text")
    func sameBytes() throws {
        let (bundle, vault) = try Self.bundle()
        var bytes: [UInt8] = []
        let output = ByteOutput.collecting { bytes.append(contentsOf: $0) }
        try bundle.write(to: output)
        try output.flush()
        #expect(String(decoding: bytes, as: UTF8.self) == bundle.text())
        _ = vault
    }

    @Test("the bundle reaches its output as it is written, not once at the end")
    func streams() throws {
        let (bundle, vault) = try Self.bundle()
        var handOvers = 0
        let output = ByteOutput(capacity: 4096) { _ in handOvers += 1 }
        try bundle.write(to: output)
        #expect(handOvers > 10)
        _ = vault
    }
}
