package org.maestro.topology.generate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.topology.conf.ConfSection;

/**
 * The variables file written next to the generated configurations ({@code variables.yaml} or
 * {@code .json}): per node its host, ports, URL, neighbours, expected routes and configuration
 * sections. Format version 1; {@link org.maestro.topology.Topology#load} reads it back.
 *
 * @param version format version, 1
 * @param name    topology name
 * @param nodes   one entry per node, in declaration order
 */
@JsonPropertyOrder({"version", "name", "nodes"})
public record TopologyVariables(int version, String name, List<Node> nodes) {

    /** The format version written. */
    public static final int FORMAT_VERSION = 1;

    /**
     * One node's variables.
     *
     * @param name              node name
     * @param type              {@code router} or {@code broker}
     * @param host              host clients and other nodes use
     * @param port              client port
     * @param interRouterPort   inter-router listener port, absent when none
     * @param url               client URL
     * @param neighbours        linked nodes
     * @param linkRoutePrefixes brokers: link-routed prefixes
     * @param routes            routers: lowest cost to each router reachable over routers
     * @param config            routers: configuration sections by name, in file order
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonPropertyOrder({
        "name",
        "type",
        "host",
        "port",
        "interRouterPort",
        "url",
        "neighbours",
        "linkRoutePrefixes",
        "routes",
        "config"
    })
    public record Node(
            String name,
            String type,
            String host,
            int port,
            Integer interRouterPort,
            String url,
            List<String> neighbours,
            List<String> linkRoutePrefixes,
            Map<String, Integer> routes,
            Map<String, List<Map<String, String>>> config) {}

    /** The variables of {@code topology}. */
    public static TopologyVariables of(GeneratedTopology topology) {
        List<Node> nodes = new ArrayList<>();
        for (GeneratedNode node : topology.nodes()) {
            Map<String, List<Map<String, String>>> config = new LinkedHashMap<>();
            node.routerConf().ifPresent(conf -> {
                for (ConfSection section : conf.sections()) {
                    config.computeIfAbsent(section.name(), k -> new ArrayList<>())
                            .add(section.attributes());
                }
            });
            nodes.add(new Node(
                    node.name(),
                    node.type().label(),
                    node.host(),
                    node.port(),
                    node.interRouterPort(),
                    node.endpoint().url(),
                    node.neighbours(),
                    node.linkRoutePrefixes(),
                    node.routes(),
                    config));
        }
        return new TopologyVariables(FORMAT_VERSION, topology.name(), nodes);
    }
}
