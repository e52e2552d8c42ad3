package org.maestro.inspector;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.inspector.csv.DataSet;
import org.maestro.inspector.csv.DataSetFiles;

/** A SUT that goes away: polling backs off, every poll leaves a row marking the gap, and it recovers at once. */
class InspectionPollerBackoffTest {
    private static final DataSet VALUES = DataSet.of("values", "value");

    @TempDir
    Path directory;

    /** An inspector whose SUT can be switched off, counting the requests it makes. */
    private static final class SwitchableInspector implements Inspector {
        final AtomicBoolean down = new AtomicBoolean();
        final AtomicInteger requests = new AtomicInteger();

        @Override
        public String name() {
            return "switchable";
        }

        @Override
        public List<DataSet> dataSets() {
            return List.of(VALUES);
        }

        @Override
        public void connect() {}

        @Override
        public Sample poll() throws InspectionException {
            requests.incrementAndGet();
            if (down.get()) {
                throw new InspectionException(InspectionException.Kind.UNREACHABLE, "connection refused");
            }
            return new Sample().add(VALUES, List.of(requests.get()));
        }

        @Override
        public Map<String, String> facts() {
            return Map.of();
        }

        @Override
        public void close() {}
    }

    /** One tick of the timeline, waiting for the poll it started. */
    private interface Tick {
        void run() throws InterruptedException;
    }

    @Test
    void backsOffWhileTheSutIsDownMarksTheGapAndRecoversOnTheFirstSuccess() throws Exception {
        SwitchableInspector inspector = new SwitchableInspector();
        ManualTicker ticker = new ManualTicker();
        long[] now = {1_000};
        try (DataSetFiles files = DataSetFiles.create(directory, List.of(VALUES, InspectionPoller.POLLS))) {
            InspectionPoller poller =
                    new InspectionPoller(inspector, files, Duration.ofSeconds(1), ticker, () -> now[0] * 1_000);
            poller.start();
            List<Integer> requestsAfterTick = new ArrayList<>();
            Tick tick = () -> {
                ticker.tick();
                await("the poll").atMost(Duration.ofSeconds(10)).until(() -> !poller.polling());
                now[0] += 1000;
                requestsAfterTick.add(inspector.requests.get());
            };

            tick.run();
            inspector.down.set(true);
            for (int i = 0; i < 11; i++) {
                tick.run();
            }
            // failures 1, 2, 3, 4 in a row leave out 0, 1, 3, 7 ticks: requests at ticks 2, 3, 5, 9
            assertEquals(List.of(1, 2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5), requestsAfterTick);

            inspector.down.set(false);
            for (int i = 0; i < 8; i++) {
                tick.run();
            }
            int recovered = inspector.requests.get();
            tick.run();
            tick.run();
            assertEquals(recovered + 2, inspector.requests.get(), "after a success every tick polls again");
            assertTrue(poller.stop(Duration.ofSeconds(5)));

            List<String> polls = Files.readAllLines(directory.resolve(InspectionPoller.POLLS.fileName()));
            List<String> failedRows =
                    polls.stream().filter(l -> l.contains(",0,")).toList();
            assertEquals(poller.stats().errors(), failedRows.size(), String.join("\n", polls));
            assertTrue(failedRows.get(0).contains("connection refused"), failedRows.get(0));
            assertTrue(polls.stream().anyMatch(l -> l.endsWith(",1,")), String.join("\n", polls));
        }
    }
}
