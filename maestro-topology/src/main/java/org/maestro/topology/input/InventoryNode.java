package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonAlias;

/** One host entry of an {@link Inventory}: node name, host and type. Plain data. */
public final class InventoryNode extends Located {

    /** Node name, unique in the inventory. */
    @JsonAlias("id")
    public String name;

    /** Host name or address of the node; defaults to the name. */
    public String host;

    /** {@code router} (the default) or {@code broker}. */
    public String type = "router";
}
