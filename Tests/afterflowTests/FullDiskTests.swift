import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small tmpfs, mounted for one test and unmounted afterwards: a disk that can be filled.
/// Mounting needs root (or the capability) and a kernel that allows it here.
struct SmallDisk {
    let path: String

    /// Whether a tmpfs can be mounted here, found by mounting one and unmounting it.
    static let canMount: Bool = {
        guard geteuid() == 0, let probe = try? makeProbeFolder("afterflow-mount-probe") else { return false }
        defer { rmdir(probe) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe]) == 0 else { return false }
        return run("/bin/umount", [probe]) == 0
    }()

    /// Mounts a tmpfs of `size` (`4m`) on the empty folder `path`.
    init(at path: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path]) == 0 else {
            throw CLIError(description: "cannot mount a tmpfs on \(path)")
        }
        self.path = path
    }

    /// Unmounts it (lazily when busy), so that nothing is left mounted whatever the test did.
    func unmount() {
        if Self.run("/bin/umount", [path]) != 0 { _ = Self.run("/bin/umount", ["-l", path]) }
    }

    /// Writes a file that takes every byte left, in ever smaller pieces until not one more fits.
    func fill() {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        for size in [1 << 16, 1 << 12, 1] {
            let chunk = [UInt8](repeating: 0x78, count: size)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, size) }) == size {}
        }
    }

    /// Frees the space `fill` took.
    func free() {
        unlink(path + "/filler")
    }

    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        guard let ran = try? TestProgram.run(executable, arguments) else { return -1 }
        return ran.status
    }
}

private func makeProbeFolder(_ prefix: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("a full disk")
struct FullDiskTests {
    static let warning = "warning: the disk is full: the index at .afterflow/index.sqlite could not be updated, so this answer was read from the files (slower); free some space\n"

    @Test("list, search, stats and show answer from the files, say the disk is full, and keep the index",
          .enabled(if: SmallDisk.canMount, "mounting a small tmpfs needs root and a system that allows it, and a full disk cannot be made otherwise"))
    func readCommandsFallBack() throws {
        try withSandbox { sandbox in
            let disk = try SmallDisk(at: sandbox.path("disk"), size: "4m")
            defer { disk.unmount() }
            // The same vault twice: on the small disk, and on the ordinary one for the answers
            // to compare with.
            try FileManager.default.copyItem(atPath: exampleVault, toPath: disk.path + "/example")
            let reference = try sandbox.copyExampleVault("reference")
            expectStatus(try sandbox.run(["list"], directory: disk.path + "/example"), 0)
            #expect(sandbox.exists(disk.path + "/example/.afterflow/index.sqlite"))
            // A change the index has not seen yet, made to both.
            let changed = "sessions/2024/2024-12-10-psilocybin.md"
            for vault in [disk.path + "/example", reference] {
                try sandbox.write(vault + "/" + changed, try sandbox.readText(vault + "/" + changed) + "\nThe grief came back as marmalade.\n")
            }
            disk.fill()

            for command in [["list"], ["list", "--format", "json"], ["search", "grief"], ["stats"], ["show", "2024-12-10"]] {
                let expected = try sandbox.run(command, directory: reference)
                expectStatus(expected, 0)
                let result = try sandbox.run(command, directory: disk.path + "/example")
                expectStatus(result, 0)
                #expect(result.stdout == expected.stdout, "\(command): the same answer")
                #expect(result.stderr == Self.warning + expected.stderr, "\(result)")
            }
            #expect(try sandbox.run(["search", "marmalade"], directory: disk.path + "/example").stdoutLines.count == 1,
                    "the change the index had not seen is found")
            #expect(sandbox.exists(disk.path + "/example/.afterflow/index.sqlite"), "the index is kept for when there is room again")

            disk.free()
            let again = try sandbox.run(["list"], directory: disk.path + "/example")
            expectStatus(again, 0)
            #expect(!again.stderr.contains("the disk is full"))
        }
    }
}
