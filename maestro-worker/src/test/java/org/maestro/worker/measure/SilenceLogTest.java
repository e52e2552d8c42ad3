package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Silences between messages of any connection, as the receivers saw an outage. */
class SilenceLogTest {

    @Test
    void aSilenceIsFromTheLastMessageBeforeToTheFirstAfterAcrossConnections() throws Exception {
        SilenceLog log = new SilenceLog(200_000);
        long t = 1_700_000_000_000_000L;
        log.onMessage(t);
        log.onMessage(t + 1_000); // another connection, 1 ms later
        log.onMessage(t + 500); // late report of an earlier message: no silence, no going back
        log.onMessage(t + 150_000); // 149 ms: below the threshold
        log.onMessage(t + 2_350_000); // 2.2 s outage
        log.onMessage(t + 2_351_000);
        assertEquals(List.of(new SilenceLog.Silence(t + 150_000, t + 2_350_000)), log.silences());
        assertEquals(2200.0, log.silences().get(0).millis());
    }

    @Test
    void theThresholdIsTwoHundredMillisecondsOrThreePlannedIntervals() {
        assertEquals(200_000, SilenceLog.thresholdMicros(0));
        assertEquals(200_000, SilenceLog.thresholdMicros(1000));
        assertEquals(600_000, SilenceLog.thresholdMicros(5));
    }

    @Test
    void theFileHasItsVersionHeaderAndOneRowPerSilence(@TempDir Path dir) throws Exception {
        SilenceLog log = new SilenceLog(200_000);
        log.onMessage(1_000_000);
        log.onMessage(1_300_500);
        Path file = dir.resolve(SilenceLog.FILE_NAME);
        log.write(file);
        assertEquals(
                List.of(
                        "# maestro-receive-gaps v1",
                        "# silences of at least 200 ms between two messages of any connection",
                        "start,end,millis",
                        "1000000,1300500,300.500"),
                Files.readAllLines(file));
    }
}
