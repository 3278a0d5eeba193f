package org.esbbench.report.profiles;

import java.util.List;
import org.esbbench.report.profiles.CollapsedStacks.Frame;

/**
 * Which part of the server a sample's stack belongs to, for the summary's "where it went": the JVM's JIT compiler or
 * its garbage collector (their threads, by the JVM function their stacks start in), else the library of the innermost
 * Java frame, which also takes the native and kernel time below it (a socket write is the I/O library's that made
 * it), else the JVM's other work or native code outside Java.
 *
 * <p>A library is a Java package cut to its first three parts for names under {@code org.}, {@code net.} and
 * {@code com.} ({@code net.sf.saxon}, {@code org.apache.camel}, {@code com.ctc.wstx}) and to its first two otherwise
 * ({@code io.netty}, {@code java.util}, {@code jdk.internal}, {@code sun.nio}).
 */
public final class FrameGroup {
    public static final String JIT = "JIT compiler";
    public static final String GC = "garbage collector";
    public static final String JVM = "JVM (other)";
    public static final String NATIVE = "native";

    private static final List<String> GC_ROOTS = List.of("GCTaskThread::run", "WorkerThread::run",
            "ConcurrentGCThread::run", "G1ConcurrentRefineThread::run_service", "G1ServiceThread::run_service");

    private FrameGroup() {
    }

    /** The group of one stack (outermost frame first). */
    public static String of(List<Frame> stack) {
        for (Frame f : stack) {
            if (f.jvm()) {
                if (f.name().equals("CompileBroker::compiler_thread_loop")) {
                    return JIT;
                }
                if (GC_ROOTS.contains(f.name())) {
                    return GC;
                }
            }
        }
        for (int i = stack.size() - 1; i >= 0; i--) {
            Frame f = stack.get(i);
            if (f.kind() == Frame.Kind.JAVA) {
                return library(f.name());
            }
        }
        return stack.stream().anyMatch(Frame::jvm) ? JVM : NATIVE;
    }

    /** The library of a Java frame's method: {@code net.sf.saxon.tree.tiny.TinyTree.getNodeKind} → net.sf.saxon. */
    public static String library(String method) {
        String[] parts = packageOf(method).split("\\.");
        if (parts.length == 1 && parts[0].isEmpty()) {
            return "(default package)";
        }
        int keep = switch (parts[0]) {
            case "org", "net", "com" -> 3;
            default -> 2;
        };
        return String.join(".", java.util.Arrays.copyOf(parts, Math.min(keep, parts.length)));
    }

    /** The package of a method's class: everything before the class's simple name. */
    static String packageOf(String method) {
        int paren = method.indexOf('(');
        String m = paren < 0 ? method : method.substring(0, paren);
        int methodDot = m.lastIndexOf('.');
        String cls = methodDot < 0 ? m : m.substring(0, methodDot);
        int classDot = cls.lastIndexOf('.');
        return classDot < 0 ? "" : cls.substring(0, classDot);
    }
}
