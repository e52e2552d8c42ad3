package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * What one peer of a test iteration did: its identity, outcome, counters, rate and properties.
 *
 * @param name peer name, e.g. {@code receiver-1@host}
 * @param role sender, receiver, inspector, agent or other
 * @param host host the peer ran on
 * @param outcome what the peer reported
 * @param reason why, as the peer said it
 * @param count messages sent or received (whole test)
 * @param errors errors the peer counted (whole test)
 * @param rate the peer's own rate over its measured seconds
 * @param testProperties the peer's test.properties
 * @param systemProperties the peer's system.properties
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PeerSummary(
        String name,
        String role,
        String host,
        Outcome outcome,
        String reason,
        long count,
        long errors,
        RateStats rate,
        Map<String, String> testProperties,
        Map<String, String> systemProperties) {
}
