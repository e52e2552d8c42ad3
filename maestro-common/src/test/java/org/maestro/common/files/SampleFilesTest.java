package org.maestro.common.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.agent.AgentActionsWriter;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.gaps.ReceiveGapsWriter;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.health.HealthLogWriter;
import org.maestro.common.files.inspector.InspectorCsv;
import org.maestro.common.files.inspector.InspectorCsvWriter;
import org.maestro.common.files.inspector.InspectorProperties;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.files.rate.RateLogWriter;
import org.maestro.common.measure.OutcomeCounts;

/**
 * The saved sample files under {@code src/test/resources/org/maestro/common/files/samples/v1/} are what the writers
 * write, and the readers read them. The samples are kept as HdrHistogram keeps its {@code .logV0.hlog} files: when a
 * writer changes a format, {@link #theSavedSamplesAreWhatTheWritersWriteToday} fails; then raise the format's
 * version, keep the v1 samples and their reader tests (the readers must still read them) and save the new files
 * under {@code samples/v2/}, written by {@link #writeSamples}: run this test with
 * {@code -Dmaestro.samples.save=<directory>} to write them there. {@link #SAVED} names the newest sample of each
 * file ({@code agent-actions.csv} is at v2: the exit code and output of a handler that is a program).
 */
class SampleFilesTest {
    static final long T0 = 1_732_262_400_000L;
    static final List<String> FILES = List.of(
            "sender/rate.csv",
            "sender/health.csv",
            "receiver/rate.csv",
            "receiver/receive-gaps.csv",
            "agent/agent-actions.csv",
            "inspector/artemis-queues.csv",
            "inspector/inspector.properties");
    /** The sample directory of each file's newest format, {@code v1} when not named. */
    static final Map<String, String> SAVED = Map.of("agent/agent-actions.csv", "v2");

    /** A handler that is a program and failed: its exit code and the ends of its output, on several lines. */
    static final AgentActions.Row PROGRAM_ROW = new AgentActions.Row(
            "3",
            "check-disk /var",
            T0 + 10_000,
            T0 + 10_120,
            "failed",
            "handlers/check-disk exited with 3: /var is full",
            "3",
            "checking /var\n98% used\n",
            "/var is full, see C:\\logs\n");

    /** A second of a sender's health with every figure. */
    static final HealthLog.Row HEALTHY_SECOND = new HealthLog.Row(
            T0 + 1000,
            1000,
            2,
            OptionalDouble.of(37.5),
            OptionalDouble.of(1.25),
            OptionalDouble.of(3.0),
            OptionalDouble.of(2.0),
            OptionalLong.of(81),
            OptionalLong.of(312),
            OptionalLong.of(55));
    /** A second whose waits the machine could not measure, without a measured message. */
    static final HealthLog.Row UNMEASURED_SECOND = new HealthLog.Row(
            T0 + 2000,
            1000,
            2,
            OptionalDouble.of(12.0),
            OptionalDouble.empty(),
            OptionalDouble.of(0),
            OptionalDouble.of(0),
            OptionalLong.of(60),
            OptionalLong.of(90),
            OptionalLong.empty());

    /** Writes every sample with the real writers into a directory, one sub-directory per peer. */
    static void writeSamples(Path directory) throws IOException {
        Path sender = Files.createDirectories(directory.resolve("sender"));
        try (RateLogWriter rate = RateLogWriter.create(sender.resolve(RateLog.FILE_NAME))) {
            rate.write(T0 + 1000, 1000, 2000, 0, 0, true, new OutcomeCounts(2000, 0, 0, 0, 0));
            rate.write(T0 + 2000, 1000, 2001, 1500, 250, false, new OutcomeCounts(1751, 250, 0, 0, 0));
            rate.write(T0 + 5000, 3000, 6000, 6000, 0, false, new OutcomeCounts(6000, 0, 0, 0, 0));
        }
        try (HealthLogWriter health = HealthLogWriter.create(sender.resolve(HealthLog.FILE_NAME))) {
            health.write(HEALTHY_SECOND);
            health.write(UNMEASURED_SECOND);
        }
        Path receiver = Files.createDirectories(directory.resolve("receiver"));
        try (RateLogWriter rate = RateLogWriter.create(receiver.resolve(RateLog.FILE_NAME))) {
            rate.write(T0 + 1000, 1000, 1990, 0, 0, true, null);
            rate.write(T0 + 2000, 1000, 2000, 1400, 1, false, null);
        }
        ReceiveGapsWriter.write(
                receiver.resolve(ReceiveGaps.FILE_NAME),
                200,
                3,
                List.of(
                        new ReceiveGaps.Gap(1_732_262_417_011_000L, 1_732_262_425_099_000L),
                        new ReceiveGaps.Gap(1_732_262_430_000_000L, 1_732_262_430_250_500L)));
        AgentActionsWriter.write(
                directory.resolve("agent"),
                List.of(
                        new AgentActions.Row(
                                "1", "restart router 2", T0 + 6000, T0 + 8311, "success", "router stopped, for 2 s"),
                        new AgentActions.Row("2", "say \"hi\"", T0 + 9000, -1, "running", ""),
                        PROGRAM_ROW));
        Path inspector = Files.createDirectories(directory.resolve("inspector"));
        try (InspectorCsvWriter queues = InspectorCsvWriter.create(
                inspector, "artemis-queues", List.of("name", "messageCount", "consumerCount", "durable", "rate"))) {
            queues.row(T0, List.of("test.queue", 12L, 2, true, 0.25));
            queues.row(T0, Arrays.asList("a,b", 0L, null, false, Double.NaN));
        }
        InspectorProperties.write(
                inspector,
                Map.of(
                        "inspector.name",
                        "artemis",
                        "inspector.url",
                        "http://admin:***@127.0.0.1:8161/console/jolokia",
                        "inspector.interval",
                        "1s",
                        "sut.name",
                        "amq broker",
                        "sut.version",
                        "2.55.0"));
    }

    @Test
    void theSavedSamplesAreWhatTheWritersWriteToday(@TempDir Path directory) throws IOException {
        writeSamples(directory);
        String save = System.getProperty("maestro.samples.save");
        if (save != null && !save.isBlank()) {
            writeSamples(Path.of(save));
        }
        for (String file : FILES) {
            assertArrayEquals(
                    sample(saved(file), file),
                    Files.readAllBytes(directory.resolve(file)),
                    file + " is not written as the " + saved(file) + " sample; see this test's javadoc");
        }
    }

    @Test
    void readsTheHealthSampleWithItsAbsentFigures(@TempDir Path directory) throws IOException {
        assertEquals(List.of(HEALTHY_SECOND, UNMEASURED_SECOND), HealthLog.read(copy(directory, "sender/health.csv")));
    }

    @Test
    void readsTheSendersRateSample(@TempDir Path directory) throws IOException {
        List<RateLog.Row> rows = RateLog.read(copy(directory, "sender/rate.csv"));
        assertEquals(3, rows.size());
        assertEquals(
                new RateLog.Row(T0 + 1000, 2000, 0, true, new OutcomeCounts(2000, 0, 0, 0, 0), 1000, 0), rows.get(0));
        assertEquals(
                new RateLog.Row(T0 + 2000, 2001, 250, false, new OutcomeCounts(1751, 250, 0, 0, 0), 1000, 1500),
                rows.get(1));
        assertEquals(501, rows.get(1).warmupCount());
        assertEquals(3000, rows.get(2).millis());
    }

    @Test
    void readsTheReceiversRateSampleWithoutOutcomes(@TempDir Path directory) throws IOException {
        List<RateLog.Row> rows = RateLog.read(copy(directory, "receiver/rate.csv"));
        assertEquals(2, rows.size());
        assertNull(rows.get(1).outcomes());
        assertEquals(2000, rows.get(1).count());
        assertEquals(1400, rows.get(1).measured());
        assertEquals(1, rows.get(1).errors());
    }

    @Test
    void readsTheReceiveGapsSample(@TempDir Path directory) throws IOException {
        Path file = copy(directory, "receiver/receive-gaps.csv");
        assertEquals(
                List.of(
                        new ReceiveGaps.Gap(1_732_262_417_011_000L, 1_732_262_425_099_000L),
                        new ReceiveGaps.Gap(1_732_262_430_000_000L, 1_732_262_430_250_500L)),
                ReceiveGaps.read(file));
        assertEquals("250.500", CsvTable.read(file).rows().get(1).get(2));
    }

    @Test
    void readsTheAgentActionsSample(@TempDir Path directory) throws IOException {
        List<AgentActions.Row> rows = AgentActions.read(copy(directory, "agent/agent-actions.csv"));
        assertEquals(
                List.of(
                        new AgentActions.Row(
                                "1", "restart router 2", T0 + 6000, T0 + 8311, "success", "router stopped, for 2 s"),
                        new AgentActions.Row("2", "say \"hi\"", T0 + 9000, -1, "running", "")),
                rows);
        assertEquals(T0 + 9000, rows.get(1).endOrStart());
        assertEquals("", rows.get(0).exit());
        assertEquals("", rows.get(0).stdout());
    }

    @Test
    void readsTheAgentActionsSampleWithTheOutputOfAProgram(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("agent-actions.csv");
        Files.write(file, sample("v2", "agent/agent-actions.csv"));
        List<AgentActions.Row> rows = AgentActions.read(file);
        assertEquals(3, rows.size());
        assertEquals(PROGRAM_ROW, rows.get(2));
        assertEquals(new AgentActions.Row("2", "say \"hi\"", T0 + 9000, -1, "running", ""), rows.get(1));
        assertEquals("# maestro-agent v2", Files.readAllLines(file).get(0));
        assertEquals(
                1,
                Files.readAllLines(file).stream()
                        .filter(l -> l.startsWith("3,"))
                        .count(),
                "one line");
    }

    @Test
    void readsTheInspectorSample(@TempDir Path directory) throws IOException {
        CsvTable table = InspectorCsv.read(copy(directory, "inspector/artemis-queues.csv"));
        assertEquals("inspector", table.kind());
        assertEquals(1, table.version());
        assertEquals(List.of("timestamp", "name", "messageCount", "consumerCount", "durable", "rate"), table.columns());
        assertEquals(
                List.of(Long.toString(T0), "test.queue", "12", "2", "true", "0.25"),
                table.rows().get(0));
        assertEquals(
                List.of(Long.toString(T0), "a,b", "0", "", "false", ""),
                table.rows().get(1));
    }

    @Test
    void readsTheInspectorPropertiesSample(@TempDir Path directory) throws IOException {
        copy(directory, "inspector/inspector.properties");
        Map<String, String> entries =
                InspectorProperties.read(directory.resolve("inspector")).orElseThrow();
        assertEquals("amq broker", entries.get("sut.name"));
        assertEquals("http://admin:***@127.0.0.1:8161/console/jolokia", entries.get("inspector.url"));
        assertEquals(
                List.of("inspector.interval", "inspector.name", "inspector.url", "sut.name", "sut.version"),
                List.copyOf(entries.keySet()));
        assertEquals(java.util.Optional.empty(), InspectorProperties.read(directory));
    }

    private static String saved(String file) {
        return SAVED.getOrDefault(file, "v1");
    }

    private static byte[] sample(String file) throws IOException {
        return sample("v1", file);
    }

    private static byte[] sample(String version, String file) throws IOException {
        String name = "samples/" + version + "/" + file;
        try (InputStream in = SampleFilesTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no sample " + name + " beside " + SampleFilesTest.class.getName()
                        + "; write the samples with -Dmaestro.samples.save=<directory>");
            }
            return in.readAllBytes();
        }
    }

    private static Path copy(Path directory, String file) throws IOException {
        Path copy = directory.resolve(file);
        Files.createDirectories(copy.getParent());
        Files.write(copy, sample(file));
        return copy;
    }
}
