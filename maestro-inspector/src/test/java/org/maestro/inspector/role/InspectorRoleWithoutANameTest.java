package org.maestro.inspector.role;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.ManualTicker;
import org.maestro.testing.NatsServerProcess;

/** START_INSPECTOR with no name and no INSPECTOR_NAME uses the inspector found that claims the URL. */
class InspectorRoleWithoutANameTest {

    @TempDir
    Path results;

    @Test
    void aNatsMonitoringUrlIsInspectedByTheNatsInspector() throws Exception {
        ManualTicker ticker = new ManualTicker();
        InspectorRole role = new InspectorRole(ticker, MicroClock.system());
        try (NatsServerProcess server = NatsServerProcess.startMonitored()) {
            RecordingPeerContext peer = new RecordingPeerContext("inspector-1", "inspector", results)
                    .set(OptionCode.MANAGEMENT_INTERFACE, server.monitorUrl())
                    .set(OptionCode.TEST_NAME, "nats-run");
            role.handle(Note.request(Command.START_INSPECTOR, new Payload.Text("")), peer);
            ticker.tick();
            await("one poll")
                    .atMost(Duration.ofSeconds(20))
                    .until(() -> role.pollerStats().polls() >= 1);
            role.handle(Note.request(Command.STOP_INSPECTOR), peer);
            assertEquals(
                    Command.NOTIFY_SUCCESS,
                    peer.notifications().get(1).command(),
                    peer.notifications().get(1).message());
        }
        Path directory = results.resolve("nats-run/0/inspector-1@localhost");
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(directory.resolve("inspector.properties"), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        assertEquals("nats", properties.getProperty("inspector.name"));
        assertEquals("NATS", properties.getProperty("sut.product"));
        assertTrue(properties.getProperty("sut.version").matches("\\d+\\.\\d+\\.\\d+.*"), properties.toString());
        CsvTable server = CsvTable.read(directory.resolve("nats-server.csv"));
        assertEquals(1, server.rows().size());
        assertEquals("0", server.last().get("connections"), "no client but the inspector's HTTP calls");
        assertEquals(
                1,
                CsvTable.read(directory.resolve("inspector-polls.csv")).rows().size());
    }
}
