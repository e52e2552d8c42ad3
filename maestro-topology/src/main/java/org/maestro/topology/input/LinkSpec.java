package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A link between two nodes of a {@link TopologyDescription}. Between two routers the
 * {@code source} router holds the connector and the {@code target} router the listener; a router
 * always connects to a broker. Plain data.
 */
@JsonPropertyOrder({"source", "target", "cost"})
public final class LinkSpec extends Located {

    /** Name of the node that opens the connection. */
    public String source;

    /** Name of the node that accepts it. */
    public String target;

    /** Routing cost of the link between two routers; 1 (the minimum) when absent. */
    public Integer cost;

    public LinkSpec() {}

    public LinkSpec(String source, String target, Integer cost) {
        this.source = source;
        this.target = target;
        this.cost = cost;
    }

    /** The cost, 1 when none was given. */
    @JsonIgnore
    public int effectiveCost() {
        return cost == null ? 1 : cost;
    }
}
