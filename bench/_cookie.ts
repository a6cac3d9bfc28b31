import { signIn } from "./sign-in";
console.log(await signIn(process.argv[3] ?? "http://localhost:8080", process.argv[2]));
