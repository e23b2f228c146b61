import Foundation
import Testing

/// Writes into a vault on a full disk (#14): a clear message, every file whole, and a reflection
/// that could not be written queued, or printed back whole when even the queue is full.
@Suite("writes on a full disk")
struct FullDiskWriteTests {
    static let enabled = SmallDisk.canMount

    /// A vault with one session, copied onto a small tmpfs that is then filled.
    static func fullVault(_ sandbox: Sandbox, _ disk: SmallDisk) throws -> (vault: String, file: String, before: Data) {
        let made = try sandbox.initVault("made", timeZone: "UTC")
        expectStatus(try sandbox.run(["new", "--vault", made, "--date", "2024-12-10 14:30", "--treatment", "lsd",
                                      "--intention", "Rest.", "--mood-before", "5", "--remind", "none"]), 0)
        let vault = disk.path + "/vault"
        try FileManager.default.copyItem(atPath: made, toPath: vault)
        expectStatus(try sandbox.run(["list", "--vault", vault]), 0)
        disk.fill()
        let file = vault + "/sessions/2024/2024-12-10-lsd.md"
        return (vault, file, try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    @Test("new, set and fmt fail with a clear message and leave every file whole",
          .enabled(if: enabled, "mounting a small tmpfs needs root and a system that allows it"))
    func writesFail() throws {
        try withSandbox { sandbox in
            let disk = try SmallDisk(at: sandbox.path("disk"), size: "2m")
            defer { disk.unmount() }
            let (vault, file, before) = try Self.fullVault(sandbox, disk)
            let set = try sandbox.run(["set", "--vault", vault, "2024-12-10", "environment=" + String(repeating: "long text ", count: 2000)])
            #expect(set.status == 1, "\(set)")
            #expect(set.stderr.contains("No space left on device"), "\(set)")
            let new = try sandbox.run(["new", "--vault", vault, "--date", "2024-12-11 10:00", "--treatment", "dmt",
                                       "--intention", String(repeating: "x", count: 20_000), "--mood-before", "5", "--remind", "none"])
            #expect(new.status == 1, "\(new)")
            #expect(new.stderr.contains("No space left on device"), "\(new)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
            let names = try FileManager.default.subpathsOfDirectory(atPath: vault)
            #expect(!names.contains { $0.hasSuffix(".tmp") }, "no temporary file is left: \(names)")
            #expect(!names.contains { $0.hasPrefix("sessions/2024/2024-12-11") })
            disk.free()
            expectStatus(try sandbox.run(["check", "--vault", vault]), 0)
        }
    }

    @Test("reflect queues the reflection when the vault's disk is full, and it is saved once there is room",
          .enabled(if: enabled, "mounting a small tmpfs needs root and a system that allows it"))
    func reflectQueues() throws {
        try withSandbox { sandbox in
            let disk = try SmallDisk(at: sandbox.path("disk"), size: "2m")
            defer { disk.unmount() }
            let (vault, file, before) = try Self.fullVault(sandbox, disk)
            let text = "Typed on a full disk." + String(repeating: " Every word matters.", count: 200)
            let reflect = try sandbox.run(["reflect", "--vault", vault, "2024-12-10", text])
            expectStatus(reflect, 0)
            #expect(reflect.stdout.contains("Reflection queued"), "\(reflect)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
            disk.free()
            let list = try sandbox.run(["list", "--vault", vault])
            expectStatus(list, 0)
            #expect(list.stderr.contains("1 queued reflection saved"), "\(list)")
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains(text))
        }
    }

    @Test("when the queue's disk is full too, reflect prints the reflection back whole and exits 1",
          .enabled(if: enabled, "mounting a small tmpfs needs root and a system that allows it"))
    func reflectPrintsBack() throws {
        try withSandbox { sandbox in
            let disk = try SmallDisk(at: sandbox.path("disk"), size: "2m")
            defer { disk.unmount() }
            let (vault, file, before) = try Self.fullVault(sandbox, disk)
            try FileManager.default.createDirectory(atPath: disk.path + "/state", withIntermediateDirectories: true)
            let text = "Nothing typed is lost." + String(repeating: " Keep this.", count: 300)
            let reflect = try sandbox.run(["reflect", "--vault", vault, "2024-12-10", text],
                                          environment: ["XDG_STATE_HOME": disk.path + "/state"])
            expectStatus(reflect, 1)
            #expect(reflect.stderr.contains("Your reflection was not saved; here it is, to keep:\n" + text), "\(reflect)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        }
    }
}
