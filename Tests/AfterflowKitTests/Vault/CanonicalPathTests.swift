@testable import AfterflowKit
import Testing

/// A vault-relative path spelled one way: what the phone server keys its ledger of trials on.
@Suite struct CanonicalPathTests {
    @Test(arguments: ["clients/maya-t/sessions/2025/2025-01-14-1500.md", "./clients/maya-t/sessions/2025/2025-01-14-1500.md",
                      "clients//maya-t/sessions/2025/2025-01-14-1500.md", "clients/maya-t/./sessions/2025//2025-01-14-1500.md",
                      "././clients/maya-t/sessions/2025/2025-01-14-1500.md/"])
    func spellingsOfOneFileAreOne(_ spelled: String) throws {
        #expect(try Vault.canonicalPath(spelled) == "clients/maya-t/sessions/2025/2025-01-14-1500.md")
    }

    @Test(arguments: ["/etc/passwd", "clients/../../etc/passwd", "clients/maya-t/x.md\u{0}y"])
    func aPathOutsideTheVaultIsRefused(_ spelled: String) {
        #expect(throws: VaultError.self) { try Vault.canonicalPath(spelled) }
    }
}
