package com.esotericsoftware.kryonet.examples.chatrmi;

/** The chat RMI example's client-side object, declared as the example declares it. */
public interface IChatFrame {
    void addMessage(String message);

    void setNames(String[] names);
}
