package org.esbbench.maven.profiles;

import java.io.IOException;
import java.nio.file.Path;
import org.esbbench.report.folder.RunLayout;
import org.esbbench.report.profiles.ProfileRecord.Profiler;

/** Starts and stops a profiler in a running JVM, the recording written at the stop. */
interface ProfilerControl {

    /** Starts sampling the plan's event in JVM {@code pid} into {@code recording}. */
    void start(long pid, Path recording) throws IOException;

    /** Stops it: the recording is complete when this returns. */
    void stop(long pid, Path recording) throws IOException;

    /** The control of the plan's profiler. */
    static ProfilerControl of(ProfilerPlan plan, RunLayout layout) {
        if (plan.profiler() == Profiler.ASYNC_PROFILER) {
            return new AsyncProfilerAttach(plan, layout);
        }
        return new FlightRecorderCommands(plan, layout);
    }
}
