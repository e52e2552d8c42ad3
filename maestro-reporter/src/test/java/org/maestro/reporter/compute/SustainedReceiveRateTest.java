package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The receivers' rate a search step is judged by, from an iteration's rate.csv and test.properties files. */
class SustainedReceiveRateTest {
    private static final long START = 1_732_262_400_000L;

    @TempDir
    Path iteration;

    /** Writes a peer directory: its role, the end of its warm-up, and rate.csv rows of [end offset ms, millis, count]. */
    private void peer(String name, String role, long warmUpEnd, long[]... rows) throws IOException {
        Path directory = Files.createDirectories(iteration.resolve(name));
        Files.writeString(
                directory.resolve("test.properties"),
                "peer.name=" + name + "\npeer.role=" + role + "\nwarmup.end=" + (START + warmUpEnd) + "\n");
        List<String> lines = new ArrayList<>(List.of(
                "# maestro-rate v3",
                "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed"));
        for (long[] row : rows) {
            boolean warmUp = row[0] <= warmUpEnd;
            String outcomes = role.equals("sender") ? row[2] + ",0,0,0,0" : ",,,,";
            lines.add((START + row[0]) + "," + row[1] + "," + row[2] + "," + (warmUp ? 0 : row[2]) + ",0," + warmUp
                    + "," + outcomes);
        }
        Files.write(directory.resolve("rate.csv"), lines);
    }

    @Test
    void countsOnlyTheReceiversRowsBetweenTheSendersWarmUpAndTheirLastSecondOfSending() throws IOException {
        // the sender warms up for 2 s, sends 100 msg/s until 6 s, then nothing
        peer(
                "sender-1@host",
                "sender",
                2000,
                new long[] {1000, 1000, 100},
                new long[] {2000, 1000, 100},
                new long[] {3000, 1000, 100},
                new long[] {4000, 1000, 100},
                new long[] {5000, 1000, 100},
                new long[] {6000, 1000, 100},
                new long[] {7000, 1000, 0});
        // receiver 1: warm-up rows (not counted), 400 messages in 3 s to 6 s, then a drain of 300 (not counted)
        peer(
                "receiver-1@host",
                "receiver",
                0,
                new long[] {1000, 1000, 100},
                new long[] {2000, 1000, 100},
                new long[] {3000, 1000, 100},
                new long[] {4000, 1000, 90},
                new long[] {5000, 1000, 110},
                new long[] {6000, 1000, 100},
                new long[] {7000, 1000, 300});
        // receiver 2: a row that began in the warm-up (not counted), then one of a 2 s stall: 200 messages in 3 s
        peer("receiver-2@host", "receiver", 0, new long[] {3000, 1500, 50}, new long[] {4000, 1000, 100}, new long[] {
            6000, 2000, 100
        });

        SustainedReceiveRate rate = SustainedReceiveRate.of(iteration);

        assertEquals(1, rate.senders());
        assertEquals(400 * 1000.0 / 4000 + 200 * 1000.0 / 3000, rate.received(), 1e-9);
    }

    @Test
    void withoutSenderFilesNothingCountsAsReceived() throws IOException {
        peer("receiver-1@host", "receiver", 0, new long[] {1000, 1000, 100}, new long[] {2000, 1000, 100});

        SustainedReceiveRate rate = SustainedReceiveRate.of(iteration);

        assertEquals(1, rate.senders(), "one sender peer assumed");
        assertEquals(0.0, rate.received());
    }

    @Test
    void theSenderPeersAreCounted() throws IOException {
        peer("sender-1@host", "sender", 1000, new long[] {2000, 1000, 10});
        peer("sender-2@host", "sender", 1000, new long[] {2000, 1000, 10});

        assertEquals(2, SustainedReceiveRate.of(iteration).senders());
    }
}
