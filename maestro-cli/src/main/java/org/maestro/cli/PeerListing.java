package org.maestro.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.List;
import java.util.Map;
import org.maestro.common.client.PeerStatus;

/**
 * One peer as {@code ping} and {@code status} print it in JSON.
 *
 * @param id the peer's id (its topic is {@code /mpt/peer/<id>})
 * @param name the peer's name, e.g. {@code sender-1}
 * @param role {@code sender}, {@code receiver}, {@code inspector} or {@code agent}
 * @param host the host it runs on
 * @param roundTripMillis round-trip time of the PING, ms
 * @param state {@code idle}, {@code busy} or {@code unknown} (no GET reply); null for {@code ping}
 * @param test the TEST_NAME the peer was given, when it is busy; null otherwise
 * @param version the peer's Maestro version, when it told
 * @param options the options the peer holds (SET), by parameter name; null for {@code ping}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PeerListing(
        String id,
        String name,
        String role,
        String host,
        double roundTripMillis,
        String state,
        String test,
        String version,
        Map<String, String> options) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A peer as PING found it. */
    static PeerListing of(PeerStatus status) {
        return new PeerListing(
                status.peer().id(),
                status.peer().name(),
                status.peer().role(),
                status.peer().host(),
                Math.round(status.roundTrip().toNanos() / 1e3) / 1e3,
                null,
                null,
                null,
                null);
    }

    /** This peer as PING found it, with what its GET reply told (all null for no reply but the state). */
    PeerListing withState(String state, String test, String version, Map<String, String> options) {
        return new PeerListing(id, name, role, host, roundTripMillis, state, test, version, options);
    }

    /** The JSON array of peers. */
    static String json(List<PeerListing> peers) {
        try {
            return JSON.writeValueAsString(peers);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the peers as JSON: " + e.getMessage(), e);
        }
    }
}
