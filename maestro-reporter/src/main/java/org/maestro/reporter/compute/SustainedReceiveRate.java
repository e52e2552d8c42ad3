package org.maestro.client.api.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The receivers' rate while every sender ran at full load, from an iteration's files: the rate of the receivers'
 * rows that lie wholly between the senders' end of warm-up and their last row with a message sent (so neither the
 * warm-up nor the drain after the senders stopped counts), summed over the receivers.
 *
 * @param senders  sender peers of the iteration (at least 1)
 * @param received msg/s taken in by all receivers in that window; 0 when there is no such row
 */
public record ReceivedRate(int senders, double received) {

    /** Reads the iteration directory ({@code results/<test>/<iteration>}); files it cannot read count as no rows. */
    public static ReceivedRate of(Path iteration) {
        List<PeerDirectory> peers = peers(iteration);
        List<PeerDirectory> senders =
                peers.stream().filter(p -> p.role() == Role.SENDER).toList();
        long from = senders.stream()
                .mapToLong(p -> p.millisProperty("warmup.end"))
                .max()
                .orElse(0);
        long to = senders.stream().mapToLong(ReceivedRate::lastSending).min().orElse(0);
        double received = 0;
        for (PeerDirectory receiver :
                peers.stream().filter(p -> p.role() == Role.RECEIVER).toList()) {
            long messages = 0;
            long millis = 0;
            for (RateLog.Row row : rows(receiver)) {
                if (from > 0 && row.timestamp() - row.millis() >= from && row.timestamp() <= to) {
                    messages += row.count();
                    millis += row.millis();
                }
            }
            received += millis == 0 ? 0 : messages * 1000.0 / millis;
        }
        return new ReceivedRate(Math.max(1, senders.size()), received);
    }

    private static List<PeerDirectory> peers(Path iteration) {
        try (Stream<Path> entries = Files.list(iteration)) {
            return entries.filter(Files::isDirectory).map(PeerDirectory::open).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The end of a sender's last row with a message sent; 0 when none. */
    private static long lastSending(PeerDirectory sender) {
        return rows(sender).stream()
                .filter(r -> r.count() > 0)
                .mapToLong(RateLog.Row::timestamp)
                .max()
                .orElse(0);
    }

    private static List<RateLog.Row> rows(PeerDirectory peer) {
        Optional<Path> file = peer.file(PeerDirectory.RATE);
        if (file.isEmpty()) {
            return new ArrayList<>();
        }
        try {
            return RateLog.read(file.get());
        } catch (IOException e) {
            return new ArrayList<>();
        }
    }
}
