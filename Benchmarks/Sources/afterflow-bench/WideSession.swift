import AfterflowKit
import Foundation

/// Writes a vault holding one session whose front matter has `keys` keys of the user's own after
/// the session's, for timing `afterflow set` and `check` on very large front matter.
enum WideSession {
    static let id = "5E55A7E0-0000-4000-8000-00000000A11D"

    static func generate(into directory: String, keys: Int) throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        _ = try VaultInitializer.initialize(at: directory, timeZone: zone)
        var text = """
            ---
            id: \(id)
            date: 2024-12-10T14:30:00-08:00
            treatment: psilocybin
            mood_before: 5
            status: needs-reflection

            """
        text.reserveCapacity(keys * 24)
        for i in 0..<keys { text += "key_\(i): value \(i)\n" }
        text += "---\n# Psilocybin • Dec 10, 2024\n\n## Intention\n\nTo see.\n"
        try FileIO.createDirectories("\(directory)/sessions/2024")
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/sessions/2024/2024-12-10-psilocybin.md"))
    }
}
