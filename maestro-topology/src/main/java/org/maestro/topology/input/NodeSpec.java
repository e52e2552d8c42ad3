package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node of a {@link TopologyDescription}: a router or a broker, where it runs, and optional
 * extra {@code qdrouterd.conf} sections for routers. Plain data.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
    "id",
    "type",
    "host",
    "port",
    "interRouterPort",
    "linkRoutePrefixes",
    "router",
    "sslProfile",
    "listener",
    "connector",
    "address",
    "linkRoute",
    "autoLink",
    "log"
})
public final class NodeSpec extends Located {

    /** Node name, unique in the topology; also the router id. */
    @JsonAlias("name")
    public String id;

    /** {@code router} or {@code broker}. */
    public String type;

    /** Host name or address other nodes and clients use to reach this node; defaults to the id. */
    public String host;

    /** Client port: the router's {@code normal} listener or the broker's AMQP acceptor. */
    public Integer port;

    /** Port of the router's {@code inter-router} listener. */
    public Integer interRouterPort;

    /**
     * Brokers only: address prefixes that neighbouring routers link-route to this broker;
     * defaults to the broker's id (addresses such as {@code broker1.orders}).
     */
    public List<String> linkRoutePrefixes = new ArrayList<>();

    /** Routers only: extra attributes of the {@code router} section, e.g. {@code workerThreads}. */
    public Map<String, Object> router = new LinkedHashMap<>();

    /** Routers only: extra {@code sslProfile} sections. */
    public List<Map<String, Object>> sslProfile = new ArrayList<>();

    /** Routers only: extra {@code listener} sections. */
    public List<Map<String, Object>> listener = new ArrayList<>();

    /** Routers only: extra {@code connector} sections. */
    public List<Map<String, Object>> connector = new ArrayList<>();

    /** Routers only: extra {@code address} sections. */
    public List<Map<String, Object>> address = new ArrayList<>();

    /** Routers only: extra {@code linkRoute} sections. */
    public List<Map<String, Object>> linkRoute = new ArrayList<>();

    /** Routers only: extra {@code autoLink} sections. */
    public List<Map<String, Object>> autoLink = new ArrayList<>();

    /** Routers only: extra {@code log} sections. */
    public List<Map<String, Object>> log = new ArrayList<>();

    public NodeSpec() {}

    public NodeSpec(String id, String type, String host) {
        this.id = id;
        this.type = type;
        this.host = host;
    }

    /** The extra sections by {@code qdrouterd.conf} section name, in the order they are written. */
    @JsonIgnore
    public Map<String, List<Map<String, Object>>> extraSections() {
        Map<String, List<Map<String, Object>>> sections = new LinkedHashMap<>();
        sections.put("sslProfile", sslProfile);
        sections.put("listener", listener);
        sections.put("connector", connector);
        sections.put("address", address);
        sections.put("linkRoute", linkRoute);
        sections.put("autoLink", autoLink);
        sections.put("log", log);
        return sections;
    }
}
