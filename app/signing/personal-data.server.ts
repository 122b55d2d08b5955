import { declareTable, nothingPersonal } from "~/db/personal-data";
import { declarePersonalData } from "~/db/personal-data.server";
import { signingCertificates } from "./schema";

/** The agency's own signing key and certificate: about the agency, never about a person. */
export const signingPersonalData = declarePersonalData({
  domain: "signing",
  tables: [
    declareTable({
      table: signingCertificates,
      columns: {
        id: nothingPersonal("the one row's fixed key"),
        p12: nothingPersonal("the agency's certificate and private key"),
        passphrase: nothingPersonal("what the agency's key file is encrypted with"),
        commonName: nothingPersonal("the agency's name, as its certificate names it"),
      },
    }),
  ],
});
