import NIOCore

/// Runs the jobs of the tasks that prefer it on one SwiftNIO event loop: the thread a
/// ``KryoNetConnection`` reads, writes and answers on (``KryoNetConnection/executor``).
///
/// A task that sends and awaits on the connection from this executor never crosses threads:
/// its sends are written in place, and the reply it awaits resumes it on the loop that read
/// the reply.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
