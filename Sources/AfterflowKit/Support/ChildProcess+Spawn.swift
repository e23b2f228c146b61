import Foundation
internal import CSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// posix_spawn and waitpid for `ChildProcess`: the one file that calls them for a program
    /// afterflow waits for in the background.
    enum Spawn {
        #if canImport(Darwin)
        typealias FileActions = posix_spawn_file_actions_t?
        #else
        typealias FileActions = posix_spawn_file_actions_t
        #endif

        /// Spawns `child` and returns its process id.
        static func start(_ child: ChildProcess) throws(LaunchFailure) -> pid_t {
            #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
            #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }

            var null: Int32 = -1
            defer { if null >= 0 { close(null) } }
            for (stream, target) in [(child.input, STDIN_FILENO), (child.output, STDOUT_FILENO), (child.error, STDERR_FILENO)] {
                guard let source = try descriptor(for: stream, target: target, null: &null) else { continue }
                posix_spawn_file_actions_adddup2(&actions, source, target)
            }
            if let directory = child.directory {
                let failed = afterflow_spawn_addchdir(&actions, directory)
                guard failed == 0 else { throw LaunchFailure(reason: "\(directory): \(String(cString: strerror(failed)))") }
            }
            // After the dup2s: every descriptor above standard error is closed in the child.
            var flags = Int32(POSIX_SPAWN_SETPGROUP)
            closeTheRest(&actions, flags: &flags)
            posix_spawnattr_setflags(&attributes, Int16(flags))
            posix_spawnattr_setpgroup(&attributes, 0)

            let argv = ([child.executable] + child.arguments).map { strdup($0) }
            // No environment given: afterflow's own, as it is (the library reads none of it).
            let environment: [UnsafeMutablePointer<CChar>?]? = child.environment.map { $0.map { strdup("\($0.key)=\($0.value)") } }
            defer {
                for pointer in argv { free(pointer) }
                for pointer in environment ?? [] { free(pointer) }
            }
            var pid = pid_t()
            let started = environment.map { posix_spawn(&pid, child.executable, &actions, &attributes, argv + [nil], $0 + [nil]) }
                ?? posix_spawn(&pid, child.executable, &actions, &attributes, argv + [nil], ownEnvironment)
            guard started == 0 else {
                throw LaunchFailure(reason: "\(child.executable): \(String(cString: strerror(started)))")
            }
            return pid
        }

        /// Makes the child close every descriptor above standard error (added after the actions
        /// that give it its streams): an action of glibc's, a spawn flag on macOS, else one close
        /// for each descriptor open now.
        static func closeTheRest(_ actions: inout FileActions, flags: inout Int32) {
            #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            #else
            guard afterflow_spawn_addclosefrom(&actions, STDERR_FILENO + 1) != 0 else { return }
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap({ Int32($0) }) where descriptor > STDERR_FILENO {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            #endif
        }

        /// Afterflow's environment, as the C library holds it.
        private static var ownEnvironment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
            #if canImport(Darwin)
            UnsafePointer(_NSGetEnviron().pointee)
            #else
            UnsafePointer(environ)
            #endif
        }

        /// The descriptor the child's `target` stream is made a copy of; nil: afterflow's own.
        private static func descriptor(for stream: Stream, target: Int32, null: inout Int32) throws(LaunchFailure) -> Int32? {
            switch stream {
            case .inherit:
                return nil
            case .null:
                if null < 0 { null = open("/dev/null", O_RDWR | O_CLOEXEC) }
                guard null >= 0 else { throw LaunchFailure(reason: "/dev/null: \(String(cString: strerror(errno)))") }
                return null
            case .pipe(let pipe):
                return target == STDIN_FILENO ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
            case .file(let handle):
                return handle.fileDescriptor
            }
        }

        /// Blocks until `pid` has ended, leaving it to be reaped.
        static func waitUntilEnded(_ pid: pid_t) {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        }

        /// Reaps `pid`, which has ended, and says how.
        static func reap(_ pid: pid_t) -> Termination {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 {
                // Not ours to reap any more (someone waited for every child): say it failed.
                guard errno == EINTR else { return .exited(127) }
            }
            // WIFEXITED and WEXITSTATUS, which Swift does not import.
            let signalNumber = status & 0x7F
            return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signalNumber)
        }
    }
}
