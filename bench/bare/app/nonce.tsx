import { createContext } from "react";

export const Nonce = createContext("");
