package org.maestro.worker.role;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.common.files.AtomicFiles;
import org.maestro.common.options.ParameterTable;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.PeerInfo;

/** Writes the {@code test.properties} and {@code system.properties} of a peer's result directory. Stateless. */
public final class ResultFiles {
    /** The file of the options and times of the test. */
    public static final String TEST_PROPERTIES = "test.properties";
    /** The file describing the machine. */
    public static final String SYSTEM_PROPERTIES = "system.properties";

    private ResultFiles() {}

    /** The times of one run of a peer, in epoch milliseconds. */
    public record RunTimes(long startMillis, long endMillis, long warmupEndMillis) {}

    /**
     * Writes the options the peer ran with (by SPEC parameter name, the defaults of those not set included, URLs
     * without credentials: {@link ParameterTable}), plus the peer's identity, the test name and iteration and the
     * run's times.
     */
    public static void writeTestProperties(Path directory, PeerInfo self, TestOptions options, RunTimes times)
            throws IOException {
        writeTestProperties(directory, self, options, times, Map.of());
    }

    /**
     * Writes the test properties as {@link #writeTestProperties(Path, PeerInfo, TestOptions, RunTimes)} does, plus the
     * role's own measurements (e.g. a sender's {@code measured.end} and {@code warmup.lag.micros}).
     */
    public static void writeTestProperties(
            Path directory, PeerInfo self, TestOptions options, RunTimes times, Map<String, String> measurements)
            throws IOException {
        Map<String, String> values = new TreeMap<>();
        ParameterTable.of(options)
                .forEach((parameter, value) ->
                        values.put(parameter, value.contains("://") ? UrlRedactor.redact(value) : value));
        values.put("peer.name", self.name());
        values.put("peer.role", self.role());
        values.put("peer.host", self.host());
        values.put("test.name", options.testName());
        values.put("test.iteration", Integer.toString(options.testIteration()));
        values.put("test.start", Long.toString(times.startMillis()));
        values.put("test.end", Long.toString(times.endMillis()));
        values.put("warmup.end", Long.toString(times.warmupEndMillis()));
        values.putAll(measurements);
        write(directory.resolve(TEST_PROPERTIES), "# maestro-test-properties v1", values);
    }

    /** Writes CPU count, memory, OS, JVM, host name and clock source. */
    public static void writeSystemProperties(Path directory) throws IOException {
        Map<String, String> values = new TreeMap<>();
        Runtime runtime = Runtime.getRuntime();
        values.put("cpu.count", Integer.toString(runtime.availableProcessors()));
        values.put("memory.total.bytes", Long.toString(totalMemory()));
        values.put("memory.max.heap.bytes", Long.toString(runtime.maxMemory()));
        values.put("os.name", System.getProperty("os.name"));
        values.put("os.version", System.getProperty("os.version"));
        values.put("os.arch", System.getProperty("os.arch"));
        values.put("java.version", System.getProperty("java.version"));
        values.put("java.vm.name", System.getProperty("java.vm.name"));
        values.put("host.name", hostName());
        values.put("clock.source", MicroClock.systemSource());
        write(directory.resolve(SYSTEM_PROPERTIES), "# maestro-system-properties v1", values);
    }

    private static long totalMemory() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize();
        }
        return -1;
    }

    /** The name of this host, or {@code localhost} when it cannot be found. */
    public static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    private static void write(Path file, String versionLine, Map<String, String> values) throws IOException {
        StringBuilder text = new StringBuilder(versionLine).append(System.lineSeparator());
        for (Map.Entry<String, String> entry : values.entrySet()) {
            text.append(entry.getKey())
                    .append('=')
                    .append(escape(entry.getValue() == null ? "" : entry.getValue()))
                    .append(System.lineSeparator());
        }
        AtomicFiles.writeString(file, text);
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }
}
