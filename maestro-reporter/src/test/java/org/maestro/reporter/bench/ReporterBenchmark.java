package org.maestro.reporter.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.ReportResult;
import org.maestro.reporter.build.Reporter;

/**
 * Times {@link Reporter#build} over a long test's results and measures the heap it needs: {@code generate} writes
 * the results once ({@link LongRunResults}), {@code build} (in a fresh JVM, run with the heap limit to prove) builds
 * the report, prints time, peak heap and the size of what was written, and checks the message counts against the
 * ones written.
 *
 * <p>Usage: {@code ReporterBenchmark generate <dir> [seconds=3600] [senders=5] [receivers=5] [rate=1000]} then
 * {@code ReporterBenchmark build <dir>}; run by {@code bench/reporter.sh}.
 */
public final class ReporterBenchmark {
    private static final double MIB = 1024.0 * 1024.0;

    private ReporterBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || !List.of("generate", "build").contains(args[0])) {
            System.err.println("usage: ReporterBenchmark generate <dir> [seconds=3600] [senders=5] [receivers=5] "
                    + "[rate=1000] | build <dir>");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        if (args[0].equals("generate")) {
            generate(dir, intArg(args, 2, 3600), intArg(args, 3, 5), intArg(args, 4, 5), intArg(args, 5, 1000));
        } else {
            System.exit(build(dir) ? 0 : 1);
        }
    }

    private static int intArg(String[] args, int index, int otherwise) {
        return args.length > index ? Integer.parseInt(args[index]) : otherwise;
    }

    /** The file the expected counts are kept in, next to (not inside) the results directory. */
    private static Path expectedFile(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        return absolute.resolveSibling(absolute.getFileName() + ".expected.properties");
    }

    private static void generate(Path dir, int seconds, int senders, int receivers, int rate) throws IOException {
        if (Files.exists(dir)) {
            throw new IllegalArgumentException(dir + " exists; give a directory that does not exist yet");
        }
        long start = System.nanoTime();
        LongRunResults.Expected expected = new LongRunResults(seconds, senders, receivers, rate).write(dir);
        Properties properties = new Properties();
        properties.setProperty("sent", Long.toString(expected.sent()));
        properties.setProperty("received", Long.toString(expected.received()));
        properties.setProperty("lost", Long.toString(expected.lost()));
        properties.setProperty("duplicates", Long.toString(expected.duplicates()));
        try (Writer out = Files.newBufferedWriter(expectedFile(dir), StandardCharsets.UTF_8)) {
            properties.store(out, "message counts written by ReporterBenchmark generate");
        }
        System.out.printf(
                Locale.ROOT,
                "generated %d s x (%d senders + %d receivers) at %d msg/s per sender, an "
                        + "inspector every %d s and an agent in %.1f s: %s%n",
                seconds,
                senders,
                receivers,
                rate,
                LongRunResults.INSPECTION_SECONDS,
                (System.nanoTime() - start) / 1e9,
                dir);
        printFiles(dir, "input (peer files)", false);
    }

    private static boolean build(Path dir) throws IOException {
        ReportResult result;
        long nanos;
        long peakUsed;
        long peakCommitted;
        long afterGc;
        long collections;
        long threadCpu;
        long processCpu;
        try (HeapWatch heap = new HeapWatch()) {
            long start = System.nanoTime();
            long cpuStart = processCpuNanos();
            long threadStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            result = Reporter.build(dir);
            nanos = System.nanoTime() - start;
            threadCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - threadStart;
            processCpu = processCpuNanos() - cpuStart;
            peakUsed = heap.peakUsed();
            peakCommitted = heap.peakCommitted();
            afterGc = heap.maxAfterGc();
            collections = heap.collections();
        }
        System.out.printf(Locale.ROOT, "build time           %8.2f s%n", nanos / 1e9);
        System.out.printf(
                Locale.ROOT,
                "cpu time             %8.2f s in the building thread, %.2f s in the JVM " + "(GC and JIT included)%n",
                threadCpu / 1e9,
                processCpu / 1e9);
        System.out.printf(
                Locale.ROOT,
                "max heap (-Xmx)      %8.0f MiB%n",
                Runtime.getRuntime().maxMemory() / MIB);
        System.out.printf(
                Locale.ROOT, "peak used heap       %8.0f MiB  (sum of the heap pools' peaks)%n", peakUsed / MIB);
        System.out.printf(Locale.ROOT, "peak committed heap  %8.0f MiB%n", peakCommitted / MIB);
        System.out.printf(
                Locale.ROOT,
                "max heap after GC    %8.0f MiB  (live data, over %d collections)%n",
                afterGc / MIB,
                collections);
        printFiles(dir, "report (own files)", true);
        return check(dir, result);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Sizes of the report's own files (outside the peer directories) or of the peer files. */
    private static void printFiles(Path dir, String title, boolean report) throws IOException {
        Path root = dir.toAbsolutePath().normalize();
        long total = 0;
        int count = 0;
        Path largest = null;
        long largestBytes = 0;
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        for (Path file : files) {
            boolean ownFile = root.relativize(file).getNameCount() <= 2;
            if (ownFile != report) {
                continue;
            }
            long bytes = Files.size(file);
            total += bytes;
            count++;
            if (!report || file.getFileName().toString().endsWith(".html")) {
                if (bytes > largestBytes) {
                    largestBytes = bytes;
                    largest = file;
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%-20s %8.1f MiB in %d files; largest %s: %.1f MiB (%d bytes)%n",
                title,
                total / MIB,
                count,
                largest == null ? "-" : root.relativize(largest),
                largestBytes / MIB,
                largestBytes);
    }

    /** Compares the report's message counts with those written; prints the headline numbers. */
    private static boolean check(Path dir, ReportResult result) throws IOException {
        TestSummary summary = result.test(LongRunResults.TEST).iterations().get(0);
        MessageCounts messages = summary.messages();
        System.out.printf(
                Locale.ROOT,
                "report says          sent %d, received %d, lost %d, duplicates %d, "
                        + "throughput %.1f msg/s, p99 response %d us, outcome %s%n",
                messages.sent(),
                messages.received(),
                messages.lost(),
                messages.duplicates(),
                summary.throughput(),
                summary.latency().responseTime() == null
                        ? -1
                        : summary.latency().responseTime().p99(),
                summary.outcome());
        Path file = expectedFile(dir);
        if (!Files.isRegularFile(file)) {
            System.out.println("no " + file + ": counts not checked");
            return true;
        }
        Properties expected = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            expected.load(in);
        }
        long[] want = {
            Long.parseLong(expected.getProperty("sent")),
            Long.parseLong(expected.getProperty("received")),
            Long.parseLong(expected.getProperty("lost")),
            Long.parseLong(expected.getProperty("duplicates"))
        };
        long[] got = {messages.sent(), messages.received(), messages.lost(), messages.duplicates()};
        boolean same = Arrays.equals(want, got);
        System.out.println(
                same
                        ? "counts match the ones written"
                        : "COUNTS DIFFER from the ones written: sent, " + "received, lost, duplicates = "
                                + Arrays.toString(want));
        return same;
    }
}
