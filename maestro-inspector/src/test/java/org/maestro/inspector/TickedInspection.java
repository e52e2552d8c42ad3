package org.maestro.inspector;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.awaitility.core.ConditionTimeoutException;
import org.maestro.base.time.MicroClock;
import org.maestro.inspector.csv.DataSet;
import org.maestro.inspector.csv.DataSetFiles;

/**
 * An inspector polled by hand into CSV files of a directory, for tests: each {@link #pollUntil} tick polls once, and
 * ticking goes on (a quarter second apart) until the CSV file read back satisfies the condition or the deadline.
 */
public final class TickedInspection implements AutoCloseable {
    private final Path directory;
    private final DataSetFiles files;
    private final ManualTicker ticker = new ManualTicker();
    private final InspectionPoller poller;
    private long ticks;

    public TickedInspection(Inspector inspector, Path directory) throws IOException {
        this.directory = directory;
        List<DataSet> dataSets = new ArrayList<>(inspector.dataSets());
        dataSets.add(InspectionPoller.POLLS);
        this.files = DataSetFiles.create(directory, dataSets);
        this.poller = new InspectionPoller(inspector, files, Duration.ofSeconds(1), ticker, MicroClock.system());
        poller.start();
    }

    /** Polls once and waits for the poll to be written. */
    public CsvTable pollOnce(String fileName) throws InterruptedException, IOException {
        ticker.tick();
        awaitPolls(poller, ++ticks);
        return CsvTable.read(directory.resolve(fileName));
    }

    /** Waits (20 s at most) until the poller has done the given number of polls and is idle. */
    public static void awaitPolls(InspectionPoller poller, long polls) {
        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(10))
                .untilAsserted(() -> assertTrue(
                        poller.stats().polls() >= polls && !poller.polling(),
                        polls + " polls done (" + poller.stats() + ")"));
    }

    /**
     * Polls until the file satisfies the condition.
     *
     * @throws AssertionError naming what was awaited and the file's last rows, when the deadline passes
     */
    public CsvTable pollUntil(String fileName, String what, Duration deadline, Predicate<CsvTable> condition)
            throws InterruptedException, IOException {
        AtomicReference<CsvTable> last = new AtomicReference<>();
        try {
            // each evaluation ticks the poller once: in this thread, a quarter second apart
            return await(what)
                    .atMost(deadline)
                    .pollInSameThread()
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(250))
                    .until(
                            () -> {
                                last.set(pollOnce(fileName));
                                return last.get();
                            },
                            condition);
        } catch (ConditionTimeoutException timedOut) {
            // below: the failure names the file's last rows and polls
        }
        CsvTable table = last.get();
        List<String> polls = Files.exists(directory.resolve(InspectionPoller.POLLS.fileName()))
                ? Files.readAllLines(directory.resolve(InspectionPoller.POLLS.fileName()))
                : List.of();
        throw new AssertionError("not within " + deadline.toMillis() + " ms: " + what + "; last rows of " + fileName
                + ": "
                + (table == null
                        ? "none"
                        : table.rows()
                                .subList(
                                        Math.max(0, table.rows().size() - 3),
                                        table.rows().size()))
                + "; polls: " + polls.subList(Math.max(0, polls.size() - 3), polls.size()));
    }

    /** The polling figures so far. */
    public PollerStats stats() {
        return poller.stats();
    }

    @Override
    public void close() throws Exception {
        poller.stop(Duration.ofSeconds(5));
        files.close();
    }
}
