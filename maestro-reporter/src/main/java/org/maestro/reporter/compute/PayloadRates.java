package org.maestro.reporter.compute;

import java.util.List;
import java.util.Optional;
import org.maestro.common.measure.BodyBytes;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.read.PeerDirectory;

/**
 * Gives rates their byte rate: from the body bytes the peers of a role counted (their test.properties, {@link
 * BodyBytes}) the mean size of a measured message, times the measured message rate; from peers that did not count
 * them (older results), the nominal MESSAGE_SIZE.
 */
final class PayloadRates {
    private PayloadRates() {}

    /** The body bytes the peers of {@code role} recorded, empty when one of them recorded none. */
    static Optional<BodyBytes> recorded(List<PeerDirectory> peers, Role role) {
        BodyBytes total = BodyBytes.NONE;
        boolean any = false;
        for (PeerDirectory peer : peers) {
            if (peer.role() != role || peer.testProperties().isEmpty()) {
                continue;
            }
            Optional<BodyBytes> bytes = BodyBytes.of(peer.testProperties());
            if (bytes.isEmpty()) {
                return Optional.empty();
            }
            total = total.plus(bytes.get());
            any = true;
        }
        return any ? Optional.of(total) : Optional.empty();
    }

    /** The rate with its byte rate: measured by the peers of {@code role} when they recorded it, else nominal. */
    static RateStats withBytes(RateStats rate, List<PeerDirectory> peers, Role role, Integer nominalBytes) {
        Optional<Double> meanSize = recorded(peers, role).flatMap(BodyBytes::meanSize);
        if (meanSize.isPresent()) {
            return rate.withMeanSize(meanSize.get());
        }
        return nominalBytes == null ? rate : rate.withMessageSize(nominalBytes);
    }
}
