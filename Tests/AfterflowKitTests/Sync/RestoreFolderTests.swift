@testable import AfterflowKit
import Foundation
import Testing

@Suite struct RestoreFolderTests {
    static func temporary() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/restore-folder-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a link stays inside only when it is relative and never climbs above the vault")
    func links() {
        #expect(RestoreFolder.staysInside(link: "a", target: "b/c.md"))
        #expect(RestoreFolder.staysInside(link: "x/a", target: "../b.md"))
        #expect(!RestoreFolder.staysInside(link: "a", target: "../b.md"))
        #expect(!RestoreFolder.staysInside(link: "x/a", target: "../../b.md"))
        #expect(!RestoreFolder.staysInside(link: "x/a", target: "/etc/passwd"))
        #expect(!RestoreFolder.staysInside(link: "a", target: "x/../../b"))
    }

    @Test("sweep removes the folder of a restore that has ended and keeps one whose restore runs")
    func sweep() throws {
        let parent = try Self.temporary()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let running = try RestoreFolder.make(beside: parent + "/target")
        let ended = try RestoreFolder.make(beside: parent + "/other")
        close(ended.lock)   // as the system does when its process dies
        let removed = RestoreFolder.sweep(in: parent, now: Date())
        #expect(removed == [(ended.path as NSString).lastPathComponent] && FileManager.default.fileExists(atPath: running.path))
        running.remove()
    }
}
