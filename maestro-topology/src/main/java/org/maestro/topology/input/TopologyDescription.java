package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A whole topology as described in one YAML file: nodes, links between them and port bases.
 * Plain data, bound from YAML by {@link DescriptionReader} and checked by
 * {@link DescriptionValidator}; the schema is documented in {@code docs/topology.md}.
 */
@JsonPropertyOrder({"version", "name", "directed", "multigraph", "graph", "listenHost", "ports", "nodes", "links"})
public final class TopologyDescription {

    /** The description format version this code reads. */
    public static final int FORMAT_VERSION = 1;

    /** Format version of the description; only 1 exists. */
    public Integer version = FORMAT_VERSION;

    /** Name of the topology; defaults to the file name without extension. */
    public String name;

    /** Accepted for compatibility with graph exports; links are always undirected. */
    public Boolean directed = false;

    /** Accepted for compatibility with graph exports; a pair of nodes has at most one link. */
    public Boolean multigraph = false;

    /** Accepted for compatibility with graph exports and ignored. */
    public Map<String, Object> graph = new LinkedHashMap<>();

    /** Host the generated listeners bind to. */
    public String listenHost = "0.0.0.0";

    /** First ports; each router or broker takes the next one in declaration order. */
    public PortBases ports = new PortBases();

    /** The routers and brokers. */
    public List<NodeSpec> nodes = new ArrayList<>();

    /** Links between nodes. */
    public List<LinkSpec> links = new ArrayList<>();
}
