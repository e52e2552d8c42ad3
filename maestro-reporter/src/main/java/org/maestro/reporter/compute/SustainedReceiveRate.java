package org.maestro.reporter.compute;

import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The receivers' rate while every sender ran at full load, from an iteration's files: the rate of the receivers'
 * rows that lie wholly between the senders' end of warm-up and their last row with a message sent, summed over the
 * receivers. Neither the warm-up nor the drain after the senders stopped counts, so receivers that fell behind show
 * it even when they caught up once the load stopped: what {@code maestro.findMaxRate} judges a step by.
 *
 * <p>The report's receive rate ({@link RateAggregation#stats}, summary.json's {@code rate.receiver.mean}) is another
 * figure: every measured message received, drained ones included, divided by the measured window. On a run the
 * receivers keep up with the two agree; when they fall behind, this one is lower.
 *
 * @param senders sender peers of the iteration (at least 1)
 * @param received msg/s taken in by all receivers in that window; 0 when there is no such row
 */
public record SustainedReceiveRate(int senders, double received) {

    /** Reads the iteration directory ({@code results/<test>/<iteration>}); files it cannot read count as no rows. */
    public static SustainedReceiveRate of(Path iteration) {
        IterationFiles files;
        try {
            files = IterationFiles.open(iteration);
        } catch (ReportException e) {
            return new SustainedReceiveRate(1, 0);
        }
        return of(files);
    }

    /** The rate of an iteration's files. */
    public static SustainedReceiveRate of(IterationFiles files) {
        List<PeerDirectory> senders = files.peers(Role.SENDER);
        long from = senders.stream()
                .mapToLong(p -> p.millisProperty("warmup.end"))
                .max()
                .orElse(0);
        long to = senders.stream()
                .mapToLong(sender -> lastSending(rows(files, sender)))
                .min()
                .orElse(0);
        double received = 0;
        for (PeerDirectory receiver : files.peers(Role.RECEIVER)) {
            long messages = 0;
            long millis = 0;
            for (RateLog.Row row : rows(files, receiver)) {
                if (from > 0 && row.timestamp() - row.millis() >= from && row.timestamp() <= to) {
                    messages += row.count();
                    millis += row.millis();
                }
            }
            received += millis == 0 ? 0 : messages * 1000.0 / millis;
        }
        return new SustainedReceiveRate(Math.max(1, senders.size()), received);
    }

    /** The end of a sender's last row with a message sent; 0 when none. */
    private static long lastSending(List<RateLog.Row> rows) {
        return rows.stream()
                .filter(r -> r.count() > 0)
                .mapToLong(RateLog.Row::timestamp)
                .max()
                .orElse(0);
    }

    private static List<RateLog.Row> rows(IterationFiles files, PeerDirectory peer) {
        return files.rates().getOrDefault(peer, List.of());
    }
}
