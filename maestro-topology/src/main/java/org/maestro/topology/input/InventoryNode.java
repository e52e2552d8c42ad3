package org.maestro.topology.input;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnore;

/** One host entry of an {@link Inventory}: node name, host and type. Plain data. */
public final class InventoryNode implements Located {

    /** Node name, unique in the inventory. */
    @JsonAlias("id")
    public String name;

    /** Host name or address of the node; defaults to the name. */
    public String host;

    /** {@code router} (the default) or {@code broker}. */
    public String type = "router";

    @JsonIgnore
    private int line;

    @Override
    public int line() {
        return line;
    }

    @Override
    public void line(int line) {
        this.line = line;
    }
}
