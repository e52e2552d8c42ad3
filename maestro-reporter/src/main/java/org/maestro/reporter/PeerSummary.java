package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What one peer of a test iteration did: its identity, verdict, counters, rate and properties.
 *
 * @param name peer name, e.g. {@code receiver-1@host}
 * @param role sender, receiver, inspector, agent or other
 * @param host host the peer ran on
 * @param outcome the verdict the peer reported
 * @param reason why, as the peer said it
 * @param count messages sent or received (whole test); null when its files never arrived
 * @param errors errors the peer counted (whole test)
 * @param rate the peer's own rate over its measured seconds
 * @param testProperties the peer's test.properties
 * @param systemProperties the peer's system.properties
 * @param ended how it ended as the runner saw it ({@code finished}, {@code died: …}); null without a runner's roster
 * @param clock the runner's estimates of its clock offset to the client's clock, in the order taken; empty (absent in
 *     JSON) when there are none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PeerSummary(
        String name,
        String role,
        String host,
        Verdict outcome,
        String reason,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long count,
        long errors,
        RateStats rate,
        Map<String, String> testProperties,
        Map<String, String> systemProperties,
        String ended,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ClockEstimate> clock) {

    public PeerSummary {
        clock = clock == null ? List.of() : List.copyOf(clock);
    }

    /** A peer without clock estimates. */
    public PeerSummary(
            String name,
            String role,
            String host,
            Verdict outcome,
            String reason,
            Long count,
            long errors,
            RateStats rate,
            Map<String, String> testProperties,
            Map<String, String> systemProperties,
            String ended) {
        this(
                name,
                role,
                host,
                outcome,
                reason,
                count,
                errors,
                rate,
                testProperties,
                systemProperties,
                ended,
                List.of());
    }

    /** True when the peer's files did not arrive: what it measured is missing from the counts. */
    @JsonIgnore
    public boolean missing() {
        return count == null;
    }
}
